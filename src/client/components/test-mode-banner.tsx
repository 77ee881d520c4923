import Alert from 'react-bootstrap/Alert';
import { usePublicConfigData } from '../lib/public-config';

/**
 * Says plainly that payments are in test mode (no Stripe keys: the built-in test provider takes the
 * cards and no money moves), on the payment page and the admin pages. Nothing when Stripe is in use.
 * Only the shop's admins are told how to change it; a buyer is told what it means for them.
 */
export function TestModeBanner({ audience }: { audience: 'admin' | 'buyer' }) {
  if (usePublicConfigData()?.payment.provider !== 'test') return null;
  return (
    <Alert variant="warning" className="test-mode-banner py-2 mb-4" role="status">
      {audience === 'admin' ? (
        <>
          <strong>Test mode:</strong> payments go to the shop’s built-in test provider and no money moves.
          Orders paid this way are marked “Test payment”. Set the Stripe keys to take real payments.
        </>
      ) : (
        <>
          <strong>Test mode:</strong> this shop takes test cards only, and no money moves. Use the card number
          4242 4242 4242 4242 to try a payment.
        </>
      )}
    </Alert>
  );
}
