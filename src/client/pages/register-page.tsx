import { messages } from '../../shared/messages';
import { notify } from '../lib/notify';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { RegisterForm } from '../../shared/api/auth.schemas';
import { paths } from '../config/paths';
import { useRefreshSession } from '../features/auth/api/use-current-user';
import { AuthCard, AuthError, AuthSubmit } from '../features/auth/components/auth-card';
import { GoogleButton } from '../features/auth/components/google-button';
import { loadAuthClient } from '../lib/auth-client';
import { FormField } from '../components/form-field';
import { usePageMeta } from '../lib/use-page-meta';

/** /register (spec §2): name, email, password; the name becomes the display name; then /home. */
export function RegisterPage() {
  usePageMeta('Register');
  const navigate = useNavigate();
  const refreshSession = useRefreshSession();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<RegisterForm>({
    resolver: zodResolver(RegisterForm),
    defaultValues: { name: '', email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  async function onSubmit(values: RegisterForm) {
    setError(null);
    const result = await (await loadAuthClient()).signUp.email(values);
    if (result.error) {
      setError(result.error.message ?? 'Creating the account failed');
      return;
    }
    await refreshSession();
    notify.info(messages.checkInbox(values.email));
    await navigate(paths.homeAlias, { replace: true });
  }

  return (
    <AuthCard title="Register">
      <Form noValidate onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}>
        <FormField
          controlId="register-name"
          label="Name"
          error={errors.name?.message}
          autoComplete="name"
          required
          {...form.register('name')}
        />
        <FormField
          controlId="register-email"
          label="Email"
          error={errors.email?.message}
          type="email"
          autoComplete="email"
          required
          {...form.register('email')}
        />
        <FormField
          groupClassName="mb-4"
          controlId="register-password"
          label="Password"
          error={errors.password?.message}
          hint="8 to 128 characters, and not one of the common passwords."
          type="password"
          autoComplete="new-password"
          required
          {...form.register('password')}
        />
        <AuthSubmit pending={isSubmitting} label="Register" pendingLabel="Creating your account…" />
        <AuthError message={error} />
      </Form>
      <p className="text-center my-3">
        Already have an account? <Link to={paths.login}>Login</Link>
      </p>
      <div className="auth-divider">or</div>
      <GoogleButton label="Sign up with Google" callbackURL={paths.homeAlias} onError={setError} />
    </AuthCard>
  );
}
