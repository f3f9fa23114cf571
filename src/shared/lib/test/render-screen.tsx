import { MantineProvider } from '@mantine/core';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  type RouteComponent,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import { ApiTestProvider, type FakeApi } from './fake-api';

export interface RenderScreenOptions {
  /** The address the memory history starts at, e.g. '/clients/42'. */
  path?: string;
  /** The route path the screen is mounted at ('$' by default: every address); use e.g. 'clients/$id' for params. */
  routePath?: string;
  /**
   * For layouts: child routes rendered by the layout's `<Outlet />`, keyed by route path ('chat-widget/styles').
   * The layout then wraps them as a pathless route, the way the app's tabbed areas do.
   */
  children?: Record<string, RouteComponent>;
  /** A fake tRPC API (createFakeApi) for screens that load or save data. */
  api?: FakeApi;
}

/**
 * Renders a page inside Mantine (test mode: no portals or transitions) and a memory-history router, because
 * Link, Outlet and the router hooks need one. Resolves once the screen's h1 is on the page.
 */
export async function renderScreen(Screen: RouteComponent, options: RenderScreenOptions = {}) {
  const { path = '/', routePath = '$', children, api } = options;
  const rootRoute = createRootRoute({ component: () => <Outlet /> });

  let routeTree;
  if (children) {
    const layoutRoute = createRoute({ getParentRoute: () => rootRoute, id: 'layout', component: Screen });
    const childRoutes = Object.entries(children).map(([childPath, component]) =>
      createRoute({ getParentRoute: () => layoutRoute, path: childPath, component }),
    );
    routeTree = rootRoute.addChildren([layoutRoute.addChildren(childRoutes)]);
  } else {
    routeTree = rootRoute.addChildren([createRoute({ getParentRoute: () => rootRoute, path: routePath, component: Screen })]);
  }

  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [path] }) });
  await router.load();
  const app = <RouterProvider router={router} />;
  const result = render(<MantineProvider env="test">{api ? <ApiTestProvider api={api}>{app}</ApiTestProvider> : app}</MantineProvider>);
  const heading = await screen.findByRole('heading', { level: 1 });
  return { ...result, router, heading };
}
