/**
 * The words a person reads for a field of a request: `shipTo.postalCode` is "Ship-to postal code",
 * `lines.2.quantity` is "Line 3 quantity", `min_order` is "Minimum order". Error messages name the
 * field this way, never by its name in the code; the path itself goes with the error as `field`.
 */
const WORDS: Record<string, string> = {
  shipTo: 'ship-to',
  line1: 'address line 1',
  line2: 'address line 2',
  postalCode: 'postal code',
  vatId: 'VAT ID',
  taxId: 'tax number',
  sku: 'SKU',
  skus: 'SKUs',
  img: 'picture',
  // The specification's name for a product's (and a family's) description.
  dis: 'description',
  min_order: 'minimum order',
  minOrder: 'minimum order',
  poNumber: 'PO number',
  url: 'URL',
  q: 'search',
};

/** `postalCode` and `valid_from` as words: "postal code", "valid from". */
const words = (name: string) =>
  WORDS[name] ??
  name
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/\b([A-Z])(?=[a-z])/g, (letter) => letter.toLowerCase())
    .replace(/\bid\b/g, 'ID');

/** "lines" → "line", for the item of a list named by its number. */
const oneOf = (list: string) => (list.endsWith('ies') ? `${list.slice(0, -3)}y` : list.replace(/s$/, ''));

export function fieldLabel(path: string): string {
  const parts: string[] = [];
  for (const segment of path.split('.').filter(Boolean)) {
    if (/^\d+$/.test(segment)) {
      const list = parts.pop();
      parts.push(`${list === undefined ? 'item' : oneOf(list)} ${Number(segment) + 1}`);
    } else {
      parts.push(words(segment));
    }
  }
  const label = parts.join(' ');
  return label.charAt(0).toUpperCase() + label.slice(1);
}
