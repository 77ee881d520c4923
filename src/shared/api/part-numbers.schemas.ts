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

/** PUT /api/company/part-numbers: the company's whole list, replacing the one it had. */
export const PutPartNumbersBody = z.strictObject({
  rows: z
    .array(PartNumberRow)
    .max(MAX_PART_NUMBERS, {
      error: `A company keeps at most ${formatUnits(MAX_PART_NUMBERS)} part numbers`,
    }),
});

export const PartNumberList = z.object({ rows: z.array(PartNumberRow) }).meta({ id: 'PartNumberList' });
export type PartNumberList = z.infer<typeof PartNumberList>;
