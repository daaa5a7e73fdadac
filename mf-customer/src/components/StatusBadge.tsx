import { statusLabel, statusTone } from '@onvelope/ui';

/** An order status in its colour (spec 001 §2: cancelled included; others neutral). */
export function StatusBadge({ status }: { status: string }) {
  return (
    <span className={`cu-status cu-status--${statusTone(status)}`} data-testid="order-status">
      {statusLabel(status)}
    </span>
  );
}
