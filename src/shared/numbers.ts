const units = new Intl.NumberFormat('en-US');

/** '2,400' for 2400: quantities of units, the same in hints, messages, mails and invoices. */
export function formatUnits(quantity: number): string {
  return units.format(quantity);
}
