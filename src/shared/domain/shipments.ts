import { messages } from '../messages';

/**
 * Which of an order's units may ship (DESIGN §4): of each line, those neither shipped already, nor on
 * backorder (a backordered unit ships in a later shipment, once new stock has filled it), nor
 * cancelled. Only a paid order, or one on its company's account, ships at all (the transition table).
 */
export interface ShippableLine {
  lineNumber: number;
  sku: string | null;
  name: string;
  quantity: number;
  backorderedUnits: number;
  shippedQuantity: number;
  cancelledQuantity: number;
}

/** A line's units that may ship now. */
export const unitsReadyToShip = (line: ShippableLine): number =>
  line.quantity - line.backorderedUnits - line.shippedQuantity - line.cancelledQuantity;

/** A line's units still to come: neither shipped nor cancelled (on backorder or ready to ship). */
export const unitsStillOpen = (line: ShippableLine): number =>
  line.quantity - line.shippedQuantity - line.cancelledQuantity;

/** Every unit of the order has shipped or been cancelled: nothing is left to send. */
export const everyUnitShipped = (lines: readonly ShippableLine[]): boolean =>
  lines.every((line) => unitsStillOpen(line) === 0);

/** What a shipment takes of one line. */
export interface ShipmentLine {
  lineNumber: number;
  quantity: number;
}

/**
 * The shipment that `asked` describes, by SKU, as lines of the order; or, without `asked`, every unit
 * ready to ship. Answers the lines, or the problems that stand in the way, each naming its line.
 */
export function planShipment(
  lines: readonly ShippableLine[],
  asked?: readonly { sku: string; quantity: number }[],
): { lines: ShipmentLine[] } | { problems: string[] } {
  if (!asked) {
    const ready = lines.flatMap((line) => {
      const units = unitsReadyToShip(line);
      return units > 0 ? [{ lineNumber: line.lineNumber, quantity: units }] : [];
    });
    return ready.length > 0 ? { lines: ready } : { problems: [nothingReady(lines)] };
  }
  return takeUnits(lines, asked, unitsReadyToShip, (line, ready, total) =>
    messages.shipmentTooMany(
      `${line.sku ?? ''} ${line.name}`,
      ready,
      line.backorderedUnits,
      line.shippedQuantity,
      total,
    ),
  );
}

/**
 * Units of the order's lines `asked` for by SKU (a shipment's, a cancellation's), each line at most
 * `available` of its units: the lines in line order, or the problems that stand in the way, each
 * naming its line (`tooMany` says why a line cannot give what was asked).
 */
export function takeUnits<Line extends ShippableLine>(
  lines: readonly Line[],
  asked: readonly { sku: string; quantity: number }[],
  available: (line: Line) => number,
  tooMany: (line: Line, available: number, asked: number) => string,
): { lines: ShipmentLine[] } | { problems: string[] } {
  const problems: string[] = [];
  const taken = new Map<number, number>();
  for (const { sku, quantity } of asked) {
    const line = lines.find((candidate) => candidate.sku?.toUpperCase() === sku.toUpperCase());
    if (!line) {
      problems.push(messages.shipmentNotALine(sku));
      continue;
    }
    const total = (taken.get(line.lineNumber) ?? 0) + quantity;
    const most = available(line);
    if (total > most) {
      problems.push(tooMany(line, most, total));
      continue;
    }
    taken.set(line.lineNumber, total);
  }
  if (problems.length > 0) return { problems };
  return {
    lines: [...taken].sort(([a], [b]) => a - b).map(([lineNumber, quantity]) => ({ lineNumber, quantity })),
  };
}

function nothingReady(lines: readonly ShippableLine[]): string {
  const waiting = lines.reduce((sum, line) => sum + line.backorderedUnits, 0);
  return waiting > 0 ? messages.stillBackordered(waiting) : messages.everyUnitShipped;
}

/** A carrier's tracking page for a tracking number, for the carriers the shop knows; null for others. */
export function trackingUrl(carrier: string, trackingNumber: string | null): string | null {
  if (!trackingNumber) return null;
  const number = encodeURIComponent(trackingNumber);
  const pages: Record<string, string> = {
    ups: `https://www.ups.com/track?tracknum=${number}`,
    fedex: `https://www.fedex.com/fedextrack/?trknbr=${number}`,
    usps: `https://tools.usps.com/go/TrackConfirmAction?tLabels=${number}`,
    dhl: `https://www.dhl.com/en/express/tracking.html?AWB=${number}`,
  };
  const key = carrier.trim().toLowerCase().split(/\s+/)[0] ?? '';
  return pages[key] ?? null;
}
