/** How the shop's numbered documents read to people (mails, pages, PDFs). */

/** INV-000042 */
export function formatInvoiceNumber(n: number): string {
  return `INV-${String(n).padStart(6, '0')}`;
}

/** Q-1001 */
export function formatQuoteNumber(n: number): string {
  return `Q-${n}`;
}

/** CN-000007: credit notes are numbered in a series of their own. */
export function formatCreditNoteNumber(n: number): string {
  return `CN-${String(n).padStart(6, '0')}`;
}

/** RMA-000001: returns are numbered in a series of their own. */
export function formatReturnNumber(n: number): string {
  return `RMA-${String(n).padStart(6, '0')}`;
}
