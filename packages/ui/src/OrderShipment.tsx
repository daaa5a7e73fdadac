import type { DeliveryEstimate, DeliveryRecord } from '@onvelope/contracts';
import { DeliveryEstimateNote } from './DeliveryEstimateNote.js';
import { ShipmentProgress } from './ShipmentProgress.js';

export interface OrderShipmentProps {
  order: {
    status: string;
    delivery?: DeliveryRecord | null;
    estimate?: DeliveryEstimate | null;
  };
  reader: 'buyer' | 'seller';
  /** See `ShipmentProgress`; the estimate alone is `{prefix}-estimate`. */
  classPrefix: string;
}

/**
 * An order's shipment wherever it is shown: the carrier's progress once the carrier has said
 * anything, else the delivery estimate alone (before a parcel is tracked), else nothing.
 */
export function OrderShipment({ order, reader, classPrefix }: OrderShipmentProps) {
  if (order.delivery) {
    return (
      <ShipmentProgress
        delivery={order.delivery}
        status={order.status}
        estimate={order.estimate}
        reader={reader}
        classPrefix={classPrefix}
      />
    );
  }
  return order.estimate ? (
    <DeliveryEstimateNote
      estimate={order.estimate}
      className={`${classPrefix}-estimate`}
      reader={reader}
    />
  ) : null;
}
