import { z } from 'zod';
import { Sku } from './products.schemas';
import { text } from './text';
import { formatUnits } from '../numbers';

/** The most part numbers a company keeps. */
export const MAX_PART_NUMBERS = 20_000;

/** A company's own number for one of the shop's SKUs (DESIGN §11). */
export const PartNumberRow = z.strictObject({
  sku: Sku,
  partNumber: text({ required: 'Give the part number', max: 40 }),
});
export type PartNumberRow = z.infer<typeof PartNumberRow>;

/** The columns of a part-number file: the shop's SKU, then the company's number for it. */
export const PART_NUMBER_COLUMNS = ['sku', 'part_number'] as const;

/**
 * PUT /api/company/part-numbers: the company's whole list, replacing the one it had, as rows or as a
 * CSV file with the columns `sku,part_number` (a spreadsheet's export).
 */
export const PutPartNumbersBody = z.union([
  z.strictObject({
    rows: z.array(PartNumberRow).max(MAX_PART_NUMBERS, {
      error: `A company keeps at most ${formatUnits(MAX_PART_NUMBERS)} part numbers`,
    }),
  }),
  z.strictObject({
    csv: z.string().max(2_000_000, { error: 'The file is too large: at most 2 MB' }),
  }),
]);
export type PutPartNumbersBody = z.infer<typeof PutPartNumbersBody>;

export const PartNumberList = z.object({ rows: z.array(PartNumberRow) }).meta({ id: 'PartNumberList' });
export type PartNumberList = z.infer<typeof PartNumberList>;
