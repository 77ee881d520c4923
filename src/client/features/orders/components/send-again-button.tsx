import Button from 'react-bootstrap/Button';
import { notify } from '../../../lib/notify';
import { useResendDocument } from '../api/admin-orders';

/**
 * Sends an issued invoice or credit note again (admin): the very document the buyer had, to them and
 * their company's billing address; a toast says where it went.
 */
export function SendAgainButton({ number }: { number: string }) {
  const resend = useResendDocument();
  return (
    <Button
      size="sm"
      variant="outline-secondary"
      disabled={resend.isPending}
      onClick={() =>
        resend.mutate(number, {
          onSuccess: ({ sentTo }) => notify.success(`${number} sent again to ${sentTo.join(' and ')}`),
        })
      }
    >
      {resend.isPending ? `Sending ${number}…` : `Send ${number} again`}
    </Button>
  );
}
