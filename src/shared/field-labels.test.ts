import { describe, expect, it } from 'vitest';
import { fieldLabel } from './field-labels';

describe('fieldLabel', () => {
  it.each([
    ['name', 'Name'],
    ['shipTo.postalCode', 'Ship-to postal code'],
    ['shipTo.line1', 'Ship-to address line 1'],
    ['lines.2.quantity', 'Line 3 quantity'],
    ['roles.0', 'Role 1'],
    ['entries.0.priceTiers.1.minQuantity', 'Entry 1 price tier 2 min quantity'],
    ['min_order', 'Minimum order'],
    ['customer_review', 'Customer review'],
    ['orderId', 'Order ID'],
    ['vatId', 'VAT ID'],
    ['poNumber', 'PO number'],
    ['q', 'Search'],
    ['dis', 'Description'],
  ])('names %s as "%s"', (path, label) => {
    expect(fieldLabel(path)).toBe(label);
  });
});
