import type { DeliveryEstimate, DeliveryRecord } from '@onvelope/contracts';
import { TimeText } from './TimeText.js';
import { DeliveryEstimateNote } from './DeliveryEstimateNote.js';
import { shipmentState } from './shipment-state.js';

export interface ShipmentProgressProps {
  delivery: DeliveryRecord;
  /** The order's status (a seller's own status wins over the carrier's, see `shipmentState`). */
  status: string;
  /** The order's estimate (the carrier's or the seller's), shown while it still matters. */
  estimate: DeliveryEstimate | null | undefined;
  /** Who reads it (see `DeliveryEstimateNote`). */
  reader: 'buyer' | 'seller';
  /**
   * The root of the class names, so each app keeps its own look: `{prefix}-shipment` (with
   * `--{tone}`), `__state`, `__headline`, `__detail`, `__estimate`, `__carrier`, `__checkpoints`,
   * `__checkpoint`, `__time`, `__message`, `__place`.
   */
  classPrefix: string;
}

/**
 * What the carrier says of an order's parcel: its state in plain words, the estimated delivery
 * date (labelled as an estimate, hidden once it no longer matters), the carrier's own page, and
 * every checkpoint, newest first.
 */
export function ShipmentProgress({
  delivery,
  status,
  estimate,
  reader,
  classPrefix,
}: ShipmentProgressProps) {
  const root = `${classPrefix}-shipment`;
  const state = shipmentState(delivery, status);
  const checkpoints = [...delivery.checkpoints].reverse();
  return (
    <section
      className={`${root} ${root}--${state.tone}`}
      aria-label="Shipment progress"
      data-testid="shipment-progress"
      data-tone={state.tone}
    >
      <div className={`${root}__state`}>
        <p className={`${root}__headline`} data-testid="shipment-headline">
          {state.headline}
        </p>
        {state.detail && <p className={`${root}__detail`}>{state.detail}</p>}
        {state.showEstimate && estimate && (
          <DeliveryEstimateNote
            estimate={estimate}
            className={`${root}__estimate`}
            reader={reader}
          />
        )}
        {delivery.carrierUrl && (
          <a
            className={`${root}__carrier`}
            href={delivery.carrierUrl}
            target="_blank"
            rel="noreferrer noopener"
          >
            Track on the carrier&apos;s site{delivery.carrier ? ` (${delivery.carrier})` : ''}
          </a>
        )}
      </div>
      {checkpoints.length > 0 && (
        <ol className={`${root}__checkpoints`} aria-label="Carrier updates">
          {checkpoints.map((checkpoint, index) => (
            <li
              key={`${checkpoint.at}-${index}`}
              className={`${root}__checkpoint`}
              data-testid="shipment-checkpoint"
            >
              <TimeText
                className={`${root}__time`}
                value={checkpoint.at}
                form="dateTime"
                missing=""
              />
              <span className={`${root}__message`}>{checkpoint.message}</span>
              {checkpoint.place && <span className={`${root}__place`}>{checkpoint.place}</span>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
