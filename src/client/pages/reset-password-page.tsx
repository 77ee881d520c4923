import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { ResetPasswordForm } from '../../shared/api/auth.schemas';
import { paths } from '../config/paths';
import { AuthCard, AuthError } from '../features/auth/components/auth-card';
import { loadAuthClient } from '../lib/auth-client';
import { FormField } from '../components/form-field';
import { usePageMeta } from '../lib/use-page-meta';

/** Where the reset mail's link lands: choose a new password (the old one and other sessions end). */
export function ResetPasswordPage() {
  usePageMeta('Reset password');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const linkError = searchParams.get('error');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const form = useForm<ResetPasswordForm>({
    resolver: zodResolver(ResetPasswordForm),
    defaultValues: { password: '', confirm: '' },
  });
  const { errors, isSubmitting } = form.formState;

  async function onSubmit(values: ResetPasswordForm) {
    if (!token) return;
    setError(null);
    const result = await (await loadAuthClient()).resetPassword({ newPassword: values.password, token });
    if (result.error) setError(result.error.message ?? 'The password could not be changed');
    else setDone(true);
  }

  if (done) {
    return (
      <AuthCard title="Password changed">
        <Alert variant="success">Your new password is set. Every other device has been signed out.</Alert>
        <div className="d-grid">
          <Link className="btn btn-warning fw-semibold" to={paths.login}>
            Login
          </Link>
        </div>
      </AuthCard>
    );
  }

  if (!token || linkError) {
    return (
      <AuthCard title="Reset password">
        <Alert variant="danger">
          This reset link is invalid or has expired. Request a new one from the{' '}
          <Link className="alert-link" to={paths.login}>
            login page
          </Link>{' '}
          with Forgot Password.
        </Alert>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password">
      <Form noValidate onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}>
        <FormField
          controlId="reset-password"
          label="New password"
          error={errors.password?.message}
          type="password"
          autoComplete="new-password"
          {...form.register('password')}
        />
        <FormField
          groupClassName="mb-4"
          controlId="reset-confirm"
          label="Repeat the new password"
          error={errors.confirm?.message}
          type="password"
          autoComplete="new-password"
          {...form.register('confirm')}
        />
        <div className="d-grid">
          <Button type="submit" variant="warning" className="fw-semibold" disabled={isSubmitting}>
            Set new password
          </Button>
        </div>
        <AuthError message={error} />
      </Form>
    </AuthCard>
  );
}
