import type { ResponseOf, listClaimedOrders } from '@onvelope/contracts';
import { formatMoney, orderItemsLabel, OrderShipment, TimeText } from '@onvelope/ui';
import { StatusBadge } from '../components/StatusBadge.js';
import { Timeline } from '../components/Timeline.js';

export type ClaimedOrder = ResponseOf<typeof listClaimedOrders>['orders'][number];

interface ClaimedOrderCardProps {
  claim: ClaimedOrder;
  onEdit: () => void;
  onUnclaim: () => void;
}

/** One claimed order: its nickname and notes, and the live order behind it (spec 001 §3). */
export function ClaimedOrderCard({ claim, onEdit, onUnclaim }: ClaimedOrderCardProps) {
  const { order } = claim;
  const items = orderItemsLabel(order.items) ?? orderItemsLabel(order.productName);
  return (
    <li
      className="ov-card cu-claim"
      data-testid="claimed-order"
      data-order-number={order.orderNumber}
    >
      <div className="cu-claim__head">
        <div>
          <h3 data-testid="claim-title">{claim.nickname || `Order ${order.orderNumber}`}</h3>
          <p className="cu-lead">
            Order {order.orderNumber}
            {order.merchant?.name && <> · {order.merchant.name}</>}
            {order.orderDate && (
              <>
                {' '}
                · ordered <TimeText value={order.orderDate} />
              </>
            )}
          </p>
        </div>
        <StatusBadge status={order.status} />
      </div>
      {items && (
        <p data-testid="claim-items">
          {items}
          {/* The order's own currency: a buyer who paid in dollars never reads pounds. */}
          {order.itemTotal !== null && <> · {formatMoney(order.itemTotal, order.currency)}</>}
        </p>
      )}
      {order.keywordMessage && <p className="cu-message">{order.keywordMessage}</p>}
      {order.trackingNumber && (
        <p className="cu-lead">
          {order.courier ? `${order.courier}: ` : 'Tracking: '}
          {order.trackingNumber}
          {order.shippedAt && (
            <>
              {' '}
              · shipped <TimeText value={order.shippedAt} />
            </>
          )}
        </p>
      )}
      <OrderShipment order={order} reader="buyer" classPrefix="cu" />
      {claim.notes && (
        <p className="cu-notes" data-testid="claim-notes">
          {claim.notes}
        </p>
      )}
      <details>
        <summary>Timeline</summary>
        <Timeline order={order} />
      </details>
      <div className="cu-dialog__actions">
        <button
          type="button"
          className="ov-button ov-button--secondary"
          onClick={onEdit}
          data-testid="claim-edit"
        >
          Edit
        </button>
        <button
          type="button"
          className="ov-button ov-button--secondary"
          onClick={onUnclaim}
          data-testid="claim-unclaim"
        >
          Unclaim
        </button>
      </div>
    </li>
  );
}
