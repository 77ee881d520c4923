import { z } from 'zod';
import { addressProblems, normalizeAddress } from '../domain/addresses';
import type { StoredShipTo } from '../domain/order-charges';
import { text } from './text';

/**
 * A structured address: delivery addresses (`shipTo`), a company's address book and its
 * billing address. Each field is checked by the shared rules (addressProblems: a known country, a
 * US state or Canadian province from the list, a postal code of the country's form), and the address
 * is answered normalised (codes upper case, a Canadian postal code with its space).
 */
export const ShipToBody = z
  .strictObject({
    line1: text({ required: 'Please enter the street and number', max: 200 }),
    line2: text({ max: 200 }).nullish(),
    city: text({ required: 'Please enter the city', max: 120 }),
    region: text({ max: 10 }).nullish(),
    postalCode: text({ required: 'Please enter the postal code', max: 20 }),
    country: text({ required: 'Please choose a country', max: 2 }),
  })
  .superRefine((address, ctx) => {
    for (const problem of addressProblems(address)) {
      ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
    }
  })
  .transform((address): StoredShipTo => {
    const normal = normalizeAddress(address);
    return { ...normal, line2: normal.line2 ?? null, region: normal.region ?? null };
  })
  .meta({ id: 'ShipTo' });
export type ShipToBody = z.input<typeof ShipToBody>;

/** An address as an answer shows it. */
export const ShipTo = z
  .object({
    line1: z.string(),
    line2: z.string().nullable(),
    city: z.string(),
    region: z.string().nullable(),
    postalCode: z.string(),
    country: z.string(),
  })
  .meta({ id: 'Address' });
