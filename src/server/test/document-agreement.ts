import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { DocumentBreakdown } from '../../shared/domain/document-breakdown';
import type { Database } from '../db/database';
import { issuedDocuments } from '../db/schema';
import { pdfAttachment, pdfText } from './pdf-text';

/** Cents of an amount as a document writes it: "1,234.50", "$1,234.50". */
const cents = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 100);

/** Percent as documents write a rate: "21", "6.35". */
const percentOf = (rate: number) => rate / 1000;

/** Every match's captures of `pattern` (global) in `text`. */
const all = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((match) => match.slice(1));

/** The sum of taxable amounts and taxes by percent, from XML blocks of one tax category each. */
function byPercent(blocks: { percent: number; taxable: number; tax: number }[]) {
  const sums = new Map<number, { taxable: number; tax: number }>();
  for (const { percent, taxable, tax } of blocks) {
    const sum = sums.get(percent) ?? { taxable: 0, tax: 0 };
    sums.set(percent, { taxable: sum.taxable + taxable, tax: sum.tax + tax });
  }
  return sums;
}

/**
 * A document agrees with itself: every amount its PDF prints for people, its UBL and its CII state, is
 * the breakdown stored with it as it was issued (issued_documents.snapshot.breakdown). The goods, the
 * freight, a restocking fee, the tax at each rate (taxable amount and tax), the total.
 */
export async function expectDocumentAgrees(
  db: Database,
  document: { kind: 'invoice' | 'credit_note'; number: number },
  files: { pdf: Buffer; ubl: string; cii: string },
): Promise<void> {
  const [row] = await db
    .select({ snapshot: issuedDocuments.snapshot })
    .from(issuedDocuments)
    .where(and(eq(issuedDocuments.kind, document.kind), eq(issuedDocuments.number, document.number)));
  const breakdown = (row?.snapshot as { breakdown?: DocumentBreakdown } | undefined)?.breakdown;
  if (!breakdown) throw new Error(`no stored breakdown for ${document.kind} ${document.number}`);
  const exclusive = breakdown.goodsCents + breakdown.freightCents - breakdown.feeCents;
  const rates = breakdown.rates.filter((part) => part.taxableCents !== 0 || part.taxCents !== 0);
  const expected = byPercent(
    rates.map((part) => ({ percent: percentOf(part.rate), taxable: part.taxableCents, tax: part.taxCents })),
  );

  // The PDF, as people read it.
  const text = await pdfText(files.pdf);
  const printed = (pattern: RegExp) => {
    const match = pattern.exec(text);
    return match?.[1] === undefined ? null : match[1] === 'Free' ? 0 : cents(match[1]);
  };
  expect(printed(/Subtotal (\$[\d,]+\.\d\d)/), 'the PDF’s subtotal').toBe(breakdown.goodsCents);
  if (/Freight (\$[\d,]+\.\d\d|Free)/.test(text)) {
    expect(printed(/Freight (\$[\d,]+\.\d\d|Free)/), 'the PDF’s freight').toBe(breakdown.freightCents);
  }
  expect(printed(/Restocking fee kept \(before tax\) −(\$[\d,]+\.\d\d)/) ?? 0, 'the PDF’s fee').toBe(
    breakdown.feeCents,
  );
  const taxRows = all(text, /Tax at ([\d.]+)% (\$[\d,]+\.\d\d)/g);
  // A rate made of taxes of their own (Quebec's GST and QST) prints each: name, rate, registration.
  const componentRows = all(text, /([A-Z][A-Za-z]*) at ([\d.]+)% \(([^)]+)\) (\$[\d,]+\.\d\d)/g).map(
    ([name = '', percent = '', registration = '', amount = '']) => ({
      name,
      percent: Number(percent),
      registration,
      taxCents: cents(amount),
    }),
  );
  const storedComponents = rates.flatMap((part) => part.components ?? []);
  expect(componentRows, 'the PDF’s taxes of a combined rate').toEqual(
    storedComponents.map((component) => ({
      name: component.name,
      percent: percentOf(component.rate),
      registration: component.registration,
      taxCents: component.taxCents,
    })),
  );
  for (const component of storedComponents) {
    const stated = `${component.name} ${percentOf(component.rate)}% ${(component.taxCents / 100).toFixed(2)} USD (registration ${component.registration})`;
    expect(files.ubl, 'the UBL’s note on the taxes of a combined rate').toContain(stated);
    expect(files.cii, 'the CII’s note on the taxes of a combined rate').toContain(stated);
  }
  if (taxRows.length > 0 || componentRows.length > 0) {
    const pdfTaxes = new Map(taxRows.map(([percent, amount]) => [Number(percent), cents(amount ?? '')]));
    for (const part of rates) {
      if (!part.components) continue;
      const printed = componentRows.filter((row) =>
        part.components?.some(
          (component) => component.name === row.name && percentOf(component.rate) === row.percent,
        ),
      );
      pdfTaxes.set(
        percentOf(part.rate),
        printed.reduce((sum, row) => sum + row.taxCents, 0),
      );
    }
    // A rate of untaxed freight alone has no row: its tax is nothing.
    for (const [percent, { tax }] of expected) {
      expect(pdfTaxes.get(percent) ?? (tax === 0 ? 0 : null), `PDF tax at ${percent}%`).toBe(tax);
    }
  } else {
    expect(breakdown.taxCents, 'a PDF without tax rows taxes nothing').toBe(0);
  }
  expect(printed(/Total \(USD\) (\$[\d,]+\.\d\d)/), 'the PDF’s total').toBe(breakdown.totalCents);

  // The UBL.
  const ubl = files.ubl;
  const ublAmount = (name: string) => {
    const match = new RegExp(`<cbc:${name} currencyID="USD">([\\d.-]+)</cbc:${name}>`).exec(ubl);
    return match?.[1] === undefined ? null : cents(match[1]);
  };
  expect(ublAmount('TaxExclusiveAmount'), 'UBL TaxExclusiveAmount').toBe(exclusive);
  expect(ublAmount('TaxInclusiveAmount'), 'UBL TaxInclusiveAmount').toBe(breakdown.totalCents);
  const ublTaxTotal = /<cac:TaxTotal>\s*<cbc:TaxAmount currencyID="USD">([\d.]+)</.exec(ubl)?.[1];
  expect(cents(ublTaxTotal ?? ''), 'UBL TaxTotal').toBe(breakdown.taxCents);
  const ublSubtotals = byPercent(
    all(ubl, /<cac:TaxSubtotal>([\s\S]*?)<\/cac:TaxSubtotal>/g).map(([block = '']) => ({
      percent: Number(/<cbc:Percent>([\d.]+)</.exec(block)?.[1] ?? 0),
      taxable: cents(/<cbc:TaxableAmount currencyID="USD">([\d.-]+)</.exec(block)?.[1] ?? ''),
      tax: cents(/<cbc:TaxAmount currencyID="USD">([\d.-]+)</.exec(block)?.[1] ?? ''),
    })),
  );
  expect(Object.fromEntries(ublSubtotals), 'UBL tax by rate').toEqual(Object.fromEntries(expected));
  const ublFees = all(
    ubl,
    /<cbc:AllowanceChargeReason>Restocking fee kept by the seller<\/cbc:AllowanceChargeReason>\s*<cbc:Amount currencyID="USD">([\d.]+)</g,
  ).reduce((sum, [amount = '']) => sum + cents(amount), 0);
  expect(ublFees, 'UBL restocking fee').toBe(breakdown.feeCents);

  // The CII, and the same CII embedded in the PDF (Factur-X's factur-x.xml).
  expectCiiAgrees('CII', files.cii, breakdown, expected);
  expectCiiAgrees('Factur-X XML', await pdfAttachment(files.pdf, 'factur-x.xml'), breakdown, expected);
}

function expectCiiAgrees(
  what: string,
  cii: string,
  breakdown: DocumentBreakdown,
  expected: Map<number, { taxable: number; tax: number }>,
) {
  const exclusive = breakdown.goodsCents + breakdown.freightCents - breakdown.feeCents;
  const ciiAmount = (name: string) => {
    const match = new RegExp(`<ram:${name}(?: currencyID="USD")?>([\\d.-]+)</ram:${name}>`).exec(cii);
    return match?.[1] === undefined ? null : cents(match[1]);
  };
  expect(ciiAmount('TaxBasisTotalAmount'), `${what} TaxBasisTotalAmount`).toBe(exclusive);
  expect(ciiAmount('TaxTotalAmount'), `${what} TaxTotalAmount`).toBe(breakdown.taxCents);
  expect(ciiAmount('GrandTotalAmount'), `${what} GrandTotalAmount`).toBe(breakdown.totalCents);
  const ciiTaxes = byPercent(
    all(cii, /<ram:ApplicableTradeTax>([\s\S]*?)<\/ram:ApplicableTradeTax>/g)
      .map(([block = '']) => block)
      .filter((block) => block.includes('<ram:BasisAmount>'))
      .map((block) => ({
        percent: Number(/<ram:RateApplicablePercent>([\d.]+)</.exec(block)?.[1] ?? 0),
        taxable: cents(/<ram:BasisAmount>([\d.-]+)</.exec(block)?.[1] ?? ''),
        tax: cents(/<ram:CalculatedAmount>([\d.-]+)</.exec(block)?.[1] ?? ''),
      })),
  );
  expect(Object.fromEntries(ciiTaxes), `${what} tax by rate`).toEqual(Object.fromEntries(expected));
  const fees = all(
    cii,
    /<ram:ChargeIndicator>\s*<udt:Indicator>false<\/udt:Indicator>\s*<\/ram:ChargeIndicator>\s*<ram:ActualAmount>([\d.]+)</g,
  ).reduce((sum, [amount = '']) => sum + cents(amount), 0);
  expect(fees, `${what} allowances (the restocking fee)`).toBe(breakdown.feeCents);
}
