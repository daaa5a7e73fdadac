import { useState, type ReactNode } from 'react';
import type { TrackingEntry } from '@onvelope/contracts';
import { formatMoney, OrderShipment, TimeText, webLink } from '@onvelope/ui';
import { canShip, categoryList, customerOf, statusLabel } from '../shared/display-format.js';
import { OrderMessages } from '../notifications/OrderMessages.js';
import { OrderCorrections } from './OrderCorrections.js';
import { OrderHistory } from './OrderHistory.js';
import { StatusBadge } from './OrderCells.js';
import { EmailText } from '../shared/EmailText.js';
import './shipment.css';

/**
 * Every field of an order (spec 000 §3), grouped the way a seller reads it, with its corrections
 * (edit, correct tracking, unship, delete; issue 38 item 6) and history. `onChanged` is the
 * dashboard's refresh after a change (as after shipping); without it the details still show the
 * order as changed. Correcting tracking opens the dashboard's ship dialog (`onShip`), which
 * corrects an order already shipped.
 */
export function OrderDetails({
  entry: given,
  onShip,
  onChanged,
}: {
  entry: TrackingEntry;
  onShip?: (entry: TrackingEntry) => void;
  /** Told of each change made here, with the order as it is after it (null once deleted). */
  onChanged?: (toast: string, after: TrackingEntry | null) => void;
}) {
  // The order as changed here, while the dashboard still shows the one it gave (a new one wins).
  const [changed, setChanged] = useState<{
    of: TrackingEntry;
    entry: TrackingEntry | null;
    toast: string;
  } | null>(null);
  const mine = changed?.of === given ? changed : null;
  const entry = mine ? mine.entry : given;
  if (!entry) {
    return (
      <p className="ov-alert ov-alert--info" data-testid="order-details-deleted">
        {mine?.toast}
      </p>
    );
  }
  const text = (value: string | number | null) => (value === null || value === '' ? '—' : value);
  return (
    <div className="me-details" data-testid="order-details">
      <div className="me-details__head">
        <strong data-testid="order-details-number">Order {entry.orderNumber}</strong>
        <StatusBadge status={entry.status} />
        {onShip && canShip(entry) && (
          <button
            type="button"
            className="ov-button me-ship"
            onClick={() => onShip(entry)}
            data-testid="order-details-ship"
          >
            SHIP
          </button>
        )}
      </div>
      <OrderCorrections
        entry={entry}
        onCorrectTracking={onShip}
        onChanged={(toast, after) => {
          setChanged({ of: given, entry: after, toast });
          onChanged?.(toast, after);
        }}
      />
      {entry.statusRule && (
        <p className="me-muted" data-testid="order-status-rule">
          {statusLabel(entry.status)} by the keyword rule “{entry.statusRule.keyword}”, not by a
          shipment: no courier or tracking number yet. SHIP records the real shipment.
        </p>
      )}
      {(entry.keywordMessage || entry.keywordExplanation) && (
        <div className="me-details__message" data-testid="order-keyword-message">
          <p>{entry.keywordMessage ?? 'No message'}</p>
          {entry.keywordExplanation && (
            <p className="me-muted" data-testid="order-keyword-explanation">
              Why: {entry.keywordExplanation}
            </p>
          )}
        </div>
      )}
      <OrderShipment order={entry} reader="seller" classPrefix="me" />
      <div className="me-details__grid">
        <Group title="Customer">
          <Item label="Name" value={customerOf(entry)} />
          <Item label="Email" value={<EmailText email={entry.email} />} />
          <Item label="Postcode/Zipcode" value={text(entry.postcode)} />
        </Group>
        <Group title="Shipping address">
          <Item label="Address 1" value={text(entry.shippingAddress1)} />
          <Item label="Address 2" value={text(entry.shippingAddress2)} />
          <Item label="City" value={text(entry.shippingCity)} />
          <Item label="State" value={text(entry.shippingState)} />
          <Item label="Zip" value={text(entry.shippingZip)} />
          <Item label="Country" value={text(entry.shippingCountry)} />
        </Group>
        <Group title="Tracking">
          <Item label="Courier" value={text(entry.courier)} />
          <Item label="Tracking number" value={text(entry.trackingNumber)} />
          <Item
            label="Tracking URL"
            value={<WebLink address={entry.trackingUrl}>{entry.trackingUrl}</WebLink>}
          />
          <Item label="Shipped" value={<TimeText value={entry.shippedAt} form="dateTime" />} />
        </Group>
        <Group title="Items">
          <Item label="Items" value={text(entry.items)} />
          <Item label="Product" value={text(entry.productName)} />
          <Item label="Product id" value={text(entry.productId)} />
          <Item
            label="Product image"
            value={<WebLink address={entry.productImageUrl}>View image</WebLink>}
          />
          <Item label="Quantity" value={text(entry.quantity)} />
          <Item label="Item price" value={formatMoney(entry.itemPrice, entry.currency)} />
          <Item label="Item total" value={formatMoney(entry.itemTotal, entry.currency)} />
          <Item label="Quantity shipped" value={text(entry.quantityShipped)} />
          <Item label="Quantity unshipped" value={text(entry.quantityUnshipped)} />
          <Item label="Categories" value={categoryList(entry.categoryNames)} />
        </Group>
        <Group title="Order">
          <Item label="Order date" value={<TimeText value={entry.orderDate} form="dateTime" />} />
          <Item label="Created" value={<TimeText value={entry.createdAt} form="dateTime" />} />
          <Item label="Updated" value={<TimeText value={entry.updatedAt} form="dateTime" />} />
          <Item label="Source" value={entry.source === 'csv' ? 'CSV import' : entry.source} />
          <Item label="Notes" value={text(entry.personalNote)} />
          <Item label="Account" value={entry.accountId} />
          {entry.merchant && (
            <Item
              label="Merchant"
              value={
                [entry.merchant.name, entry.merchant.website].filter(Boolean).join(' — ') || '—'
              }
            />
          )}
        </Group>
      </div>
      <OrderHistory orderNumber={entry.orderNumber} updatedAt={entry.updatedAt} />
      <OrderMessages entryId={entry.id} />
    </div>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h3>{title}</h3>
      <dl>{children}</dl>
    </section>
  );
}

function Item({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="me-details__item">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/**
 * A stored address as a link when it is a web address (`webLink`), else as the text it is: what a
 * file or the API stored before only web addresses were taken never becomes a script link.
 */
function WebLink({ address, children }: { address: string | null; children: ReactNode }) {
  const href = webLink(address);
  if (!address) return '—';
  if (!href) return address;
  return (
    <a href={href} target="_blank" rel="noreferrer">
      {children}
    </a>
  );
}
