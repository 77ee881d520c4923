import { useOrderPunchout } from '../api/punchout';

/** On an order's page: it came from a procurement system by punchout, with the payloadID to trace it there. */
export function PunchoutOrigin({ orderId }: { orderId: string }) {
  const origin = useOrderPunchout(orderId);
  if (!origin.data) return null;
  return (
    <p className="small mb-0" data-testid="punchout-origin">
      Came by punchout from <strong>{origin.data.systemName}</strong> · payloadID{' '}
      <code className="text-break">{origin.data.payloadId}</code>
    </p>
  );
}
