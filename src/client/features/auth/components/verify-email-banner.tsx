import { useMutation } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { notify } from '../../../lib/notify';
import { messages } from '../../../../shared/messages';
import { loadAuthClient } from '../../../lib/auth-client';

/** Until the address is confirmed: says so, and sends the link again on request. */
export function VerifyEmailBanner({ email }: { email: string }) {
  const resend = useMutation({
    mutationFn: async () => {
      const { error } = await (
        await loadAuthClient()
      ).sendVerificationEmail({ email, callbackURL: '/dashboard' });
      if (error) throw new Error(error.message ?? 'The link could not be sent');
    },
    onSuccess: () => notify.success(messages.verificationSent(email)),
  });
  return (
    <Alert variant="info" className="d-flex flex-wrap align-items-center gap-2 py-2 mb-4" role="status">
      <span className="me-auto">
        <strong>Please confirm your email address.</strong> We sent a link to {email}. Until then you can hold
        one unpaid order at a time, and its stock is reserved for an hour.
      </span>
      <Button size="sm" variant="outline-dark" onClick={() => resend.mutate()} disabled={resend.isPending}>
        Send the link again
      </Button>
    </Alert>
  );
}
