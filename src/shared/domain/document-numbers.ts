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

/**
 * An invoice's or credit note's number as people type it (INV-000123, inv123, CN-7): its series and
 * number, or null for anything else. What searches and "send again" read.
 */
export function parseDocumentNumber(
  text: string,
): { series: 'invoice' | 'credit_note'; number: number } | null {
  const match = /^(INV|CN)-?0*(\d{1,9})$/i.exec(text.trim());
  if (!match) return null;
  return { series: match[1]?.toUpperCase() === 'INV' ? 'invoice' : 'credit_note', number: Number(match[2]) };
}
