import { getRouteApi, useRouter } from '@tanstack/react-router';
import { SignInScreen } from '../sign-in-screen';

const route = getRouteApi('/');

/** The `/` route inside the routed app (e.g. after signing out); the first visit may render SignInScreen directly. */
export function SignInRoute() {
  const search = route.useSearch();
  const router = useRouter();
  const { session } = route.useRouteContext();
  return (
    <SignInScreen
      search={search}
      session={session}
      onNavigate={(target) => {
        if ('href' in target) void router.navigate({ href: target.href, replace: true });
        else void router.navigate({ to: target.to, replace: true });
      }}
    />
  );
}
