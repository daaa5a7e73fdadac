import type { ReactNode } from 'react';
import type { BuyerOrder } from '@onvelope/contracts';
import { countryName, formatMoney, orderItemsLabel, TimeText, webLink } from '@onvelope/ui';
import { StatusBadge } from './StatusBadge.js';

/**
 * The order as the buyer may see it: number, status, seller, items, its total in the order's own
 * currency, dates, tracking and the shipping address; the seller's custom (keyword) message when
 * there is one.
 */
export function OrderSummary({ order }: { order: BuyerOrder }) {
  const seller = order.merchant?.name;
  const website = webLink(order.merchant?.website);
  const trackingUrl = webLink(order.trackingUrl);
  const items = orderItemsLabel(order.items) ?? orderItemsLabel(order.productName);
  const address = [
    order.shippingAddress1,
    order.shippingAddress2,
    order.shippingCity,
    order.shippingState,
    order.shippingZip,
    order.shippingCountry && countryName(order.shippingCountry),
  ].filter(Boolean);
  return (
    <section className="cu-summary" aria-label="Order summary" data-testid="order-summary">
      <div className="cu-summary__head">
        <h2 data-testid="order-number">Order {order.orderNumber}</h2>
        <StatusBadge status={order.status} />
      </div>
      {(seller || website) && (
        <p className="cu-lead" data-testid="order-seller">
          Sold by {seller ?? 'the seller'}
          {website && (
            <>
              {' · '}
              <a href={website} target="_blank" rel="noreferrer noopener">
                {order.merchant?.website}
              </a>
            </>
          )}
        </p>
      )}
      {order.keywordMessage && (
        <p className="cu-message" data-testid="order-custom-message">
          {order.keywordMessage}
        </p>
      )}
      <dl className="cu-facts">
        {items && <Fact label="Items" value={items} testId="order-items" />}
        {order.quantity !== null && <Fact label="Quantity" value={String(order.quantity)} />}
        {order.itemTotal !== null && (
          <Fact
            label="Total"
            value={formatMoney(order.itemTotal, order.currency)}
            testId="order-total"
          />
        )}
        {order.orderDate && (
          <Fact label="Order date" value={<TimeText value={order.orderDate} />} />
        )}
        {order.shippedAt && <Fact label="Shipped" value={<TimeText value={order.shippedAt} />} />}
        {order.courier && <Fact label="Courier" value={order.courier} />}
        {order.trackingNumber && (
          <div>
            <dt>Tracking number</dt>
            <dd data-testid="order-tracking-number">
              {trackingUrl ? (
                <a href={trackingUrl} target="_blank" rel="noreferrer noopener">
                  {order.trackingNumber}
                </a>
              ) : (
                order.trackingNumber
              )}
            </dd>
          </div>
        )}
        {address.length > 0 && <Fact label="Shipping to" value={address.join(', ')} />}
      </dl>
    </section>
  );
}

function Fact({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}
