import { Anchor, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { isBusy, resendSecondsLeft, screenModeOf } from '../model/auth-flow.machine';
import type { AuthFlowActorRef } from '../model/use-auth-flow';
import { FlowMessage } from './flow-message';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import { VerifyCodeForm } from './verify-code-form';

export interface AuthFlowPanelProps {
  actorRef: AuthFlowActorRef;
  referralCode: string | null;
  referrer: string;
  params: Record<string, string> | undefined;
  termsUrl: string;
  privacyUrl: string;
}

/** Renders the machine's snapshot and sends it events; it holds no flow logic of its own. */
export function AuthFlowPanel({ actorRef, referralCode, referrer, params, termsUrl, privacyUrl }: AuthFlowPanelProps) {
  const mode = useSelector(actorRef, screenModeOf);
  const busy = useSelector(actorRef, isBusy);
  const message = useSelector(actorRef, (s) => s.context.message);
  const email = useSelector(actorRef, (s) => s.context.email);
  const verification = useSelector(actorRef, (s) => s.context.verification);
  const secondsLeft = useSelector(actorRef, (s) => resendSecondsLeft(s.context));
  const verifying = useSelector(actorRef, (s) => s.matches({ verifyCode: { form: 'verifying' } }));
  const resending = useSelector(actorRef, (s) => s.matches({ verifyCode: { form: 'resending' } }));
  const dismiss = () => actorRef.send({ type: 'message.dismiss' });

  return (
    <Stack gap="md" data-mode={mode}>
      {mode === 'register' ? (
        <RegisterForm
          key="register"
          initialEmail={email}
          referralCode={referralCode}
          referrer={referrer}
          params={params}
          busy={busy}
          termsUrl={termsUrl}
          privacyUrl={privacyUrl}
          onSubmit={(payload) => actorRef.send({ type: 'register.submit', payload })}
        />
      ) : null}
      {mode === 'login' ? (
        <LoginForm key={`login-${email}`} initialEmail={email} busy={busy} onSubmit={(value) => actorRef.send({ type: 'login.submit', email: value })} />
      ) : null}
      {mode === 'verify-code' ? (
        <VerifyCodeForm
          key="verify"
          email={verification?.email ?? email}
          verifying={verifying}
          resending={resending}
          secondsLeft={secondsLeft}
          onSubmit={(code) => actorRef.send({ type: 'code.submit', code })}
          onResend={() => actorRef.send({ type: 'code.resend' })}
        />
      ) : null}

      <FlowMessage message={message} onDismiss={dismiss} />

      <Text size="sm" ta="center">
        {mode === 'register' ? (
          <>
            Already have an account?{' '}
            <Anchor component="button" type="button" onClick={() => actorRef.send({ type: 'mode.switch', mode: 'login' })}>
              Log in
            </Anchor>
          </>
        ) : null}
        {mode === 'login' ? (
          <>
            New to LeadLoop?{' '}
            <Anchor component="button" type="button" onClick={() => actorRef.send({ type: 'mode.switch', mode: 'register' })}>
              Start your free trial
            </Anchor>
          </>
        ) : null}
        {mode === 'verify-code' ? (
          <>
            Wrong email?{' '}
            <Anchor component="button" type="button" onClick={() => actorRef.send({ type: 'verify.back' })}>
              Use a different email
            </Anchor>
          </>
        ) : null}
      </Text>
    </Stack>
  );
}
