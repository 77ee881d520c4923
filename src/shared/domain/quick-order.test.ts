import { describe, expect, it } from 'vitest';
import { parseQuickOrder, replaceSku } from './quick-order';

const WRITE = 'Write a SKU and a quantity, e.g. FT-CLW-16 250, or a number of packs, e.g. FT-BIT-5MM 3 BX';

describe('parseQuickOrder', () => {
  it('reads a number of packs when a pack word follows the quantity', () => {
    expect(parseQuickOrder('FT-BIT-5MM 3 BX\nFT-BIT-6MM\t2\tpack\nFT-BIT-7MM 2 bags')).toEqual([
      { row: 1, sku: 'FT-BIT-5MM', quantity: 3, packs: true, problem: null },
      { row: 2, sku: 'FT-BIT-6MM', quantity: 2, packs: true, problem: null },
      { row: 3, sku: 'FT-BIT-7MM', quantity: null, problem: WRITE },
    ]);
  });

  it('reads rows split by tabs, commas, semicolons or spaces, with a BOM, CRLF and a title row', () => {
    const text =
      '\uFEFFSKU\tQuantity\r\nft-clw-16\t250\r\nFT-DRL-18,100\r\nFT-SAW-7;300\r\n\r\n  FT-WRN-10   120  \r\n"FT-X-1","150"';
    expect(parseQuickOrder(text)).toEqual([
      { row: 2, sku: 'FT-CLW-16', quantity: 250, packs: false, problem: null },
      { row: 3, sku: 'FT-DRL-18', quantity: 100, packs: false, problem: null },
      { row: 4, sku: 'FT-SAW-7', quantity: 300, packs: false, problem: null },
      { row: 6, sku: 'FT-WRN-10', quantity: 120, packs: false, problem: null },
      { row: 7, sku: 'FT-X-1', quantity: 150, packs: false, problem: null },
    ]);
  });

  it('says what is wrong with a row it cannot read', () => {
    expect(parseQuickOrder('FT-1\nFT-2 ten\nFT-3 1.5\nFT-4 0\nFT-5 10 20')).toEqual([
      { row: 1, sku: 'FT-1', quantity: null, problem: WRITE },
      { row: 2, sku: 'FT-2', quantity: null, problem: '“ten” is not a whole number of units' },
      { row: 3, sku: 'FT-3', quantity: null, problem: '“1.5” is not a whole number of units' },
      { row: 4, sku: 'FT-4', quantity: null, problem: '“0” is not a whole number of units' },
      { row: 5, sku: 'FT-5', quantity: null, problem: WRITE },
    ]);
  });
});

describe('replaceSku', () => {
  it('replaces one row’s SKU, as parseQuickOrder numbers rows, and keeps the rest as written', () => {
    const text = '\uFEFFSKU;Qty\r\nFT-DRIL-18;100\r\n\r\n"ft-clw";250';
    const fixed = replaceSku(replaceSku(text, 2, 'FT-DRILL-18'), 4, 'FT-CLW-16');
    expect(fixed).toBe('\uFEFFSKU;Qty\r\nFT-DRILL-18;100\r\n\r\n"FT-CLW-16";250');
    expect(parseQuickOrder(fixed).map((row) => [row.row, row.sku, row.quantity])).toEqual([
      [2, 'FT-DRILL-18', 100],
      [4, 'FT-CLW-16', 250],
    ]);
    expect(replaceSku(text, 9, 'X')).toBe(text);
  });
});
