import type { Order } from '../../../shared/api/orders.schemas';

/** How a shipped order travels, as the order pages say it: "DHL Freight, tracking JD0146". */
export function shipmentText(shipment: NonNullable<Order['shipment']>): string {
  return shipment.trackingNumber
    ? `${shipment.carrier}, tracking ${shipment.trackingNumber}`
    : shipment.carrier;
}
