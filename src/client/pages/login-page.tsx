import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { describeAuthError } from '../lib/auth-errors';
import { notify } from '../lib/notify';
import { LoginForm } from '../../shared/api/auth.schemas';
import { messages } from '../../shared/messages';
import { paths } from '../config/paths';
import { useRefreshSession } from '../features/auth/api/use-current-user';
import { loadAuthClient } from '../lib/auth-client';
import { AuthCard, AuthError, AuthSubmit } from '../features/auth/components/auth-card';
import { GoogleButton } from '../features/auth/components/google-button';
import type { FromState } from '../features/auth/components/require-auth';
import { FormField } from '../components/form-field';
import { usePageMeta } from '../lib/use-page-meta';

/** /login (spec §2): email + password, Forgot Password, register link, Google. */
export function LoginPage() {
  usePageMeta('Login');
  const navigate = useNavigate();
  const refreshSession = useRefreshSession();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const from = (location.state as FromState | null)?.from;
  const returnTo = from ? `${from.pathname}${from.search}${from.hash}` : paths.home;
  // A confirmation link opened while signed out (auth.routes.ts): it is followed once the account's
  // password is proven. Only the shop's own confirmation call is followed, never another address.
  const confirm = searchParams.get('confirm');
  const confirmLink = confirm?.startsWith('/api/auth/verify-email?') ? confirm : null;
  // Only codes the identity service is known to send are shown, never the text in the address.
  const [error, setError] = useState<string | null>(describeAuthError(searchParams.get('error')));
  const [sendingReset, setSendingReset] = useState(false);
  const form = useForm<LoginForm>({
    resolver: zodResolver(LoginForm),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  async function onSubmit(values: LoginForm) {
    setError(null);
    const result = await (await loadAuthClient()).signIn.email(values);
    if (result.error) {
      setError(result.error.message ?? 'Signing in failed');
      return;
    }
    if (confirmLink) {
      window.location.assign(confirmLink);
      return;
    }
    await refreshSession();
    await navigate(returnTo, { replace: true });
  }

  // spec §5: the reset mail goes to the address typed in the form.
  async function forgotPassword() {
    const email = form.getValues('email').trim();
    if (!email) {
      notify.error(messages.enterEmailFirst);
      return;
    }
    setSendingReset(true);
    const result = await (
      await loadAuthClient()
    ).requestPasswordReset({ email, redirectTo: paths.resetPassword });
    setSendingReset(false);
    if (result.error) notify.error(result.error.message ?? 'The reset mail could not be sent');
    else notify.success(messages.resetEmailSent);
  }

  return (
    <AuthCard title="Login">
      {confirmLink && (
        <Alert variant="info" role="status">
          {messages.confirmSignIn}
        </Alert>
      )}
      <Form noValidate onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}>
        <FormField
          controlId="login-email"
          label="Email"
          error={errors.email?.message}
          type="email"
          autoComplete="email"
          required
          {...form.register('email')}
        />
        <FormField
          groupClassName="mb-2"
          controlId="login-password"
          label="Password"
          error={errors.password?.message}
          type="password"
          autoComplete="current-password"
          required
          {...form.register('password')}
        />
        <div className="mb-3 text-end">
          <Button
            variant="link"
            className="p-0"
            onClick={() => void forgotPassword()}
            disabled={sendingReset}
          >
            Forgot Password?
          </Button>
        </div>
        <AuthSubmit pending={isSubmitting} label="Login" pendingLabel="Signing in…" />
        <AuthError message={error} />
      </Form>
      <p className="text-center my-3">
        New to Forgeline? <Link to={paths.register}>Create an account</Link>
      </p>
      <div className="auth-divider">or</div>
      <GoogleButton label="Continue with Google" callbackURL={returnTo} onError={setError} />
    </AuthCard>
  );
}
