import { readFileSync } from 'node:fs';
import { create, type Font } from 'fontkit';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PlaceOrderResult } from '../../shared/api/orders.schemas';
import { signUp, signUpAdmin } from '../test/auth-helpers';
import { newCompany, useCompanyTestApp } from '../test/company-helpers';
import { validateDocument } from '../test/e-invoice-validators';
import { insertTool } from '../test/factories';
import { payOrderAs, pittsburgh } from '../test/order-helpers';
import { pdfText } from '../test/pdf-text';
import { BOLD, REGULAR, documentFonts, fontRuns } from './pdf-fonts';

/**
 * Documents print what customers write, in every script the shop takes: each character in a font
 * that has it, never a font's .notdef glyph (the empty box ISO 19005-3 forbids in a PDF/A file).
 */
const t = useCompanyTestApp();

const SCRIPTS = {
  latin: 'PO&<x>"q\'',
  cyrillic: 'Заказ',
  chinese: '注文工具',
  japanese: 'ご注文カタカナ',
  arabic: 'طلب',
  hebrew: 'הזמנה',
  emoji: '🔧👍🏽',
};

let fonts: Record<string, Font>;
beforeAll(async () => {
  const admin = await signUpAdmin(t.ctx.app, t.ctx.db);
  const zone = await t.call(admin, 'POST', '/api/admin/shipping-zones', {
    country: 'US',
    bands: [{ upToKg: 100, price: 15 }],
    freeFrom: null,
    palletFromKg: 500,
  });
  expect(zone.statusCode, zone.body).toBe(201);
  fonts = Object.fromEntries(
    Object.entries(await documentFonts()).map(([name, file]) => [
      name,
      create(typeof file === 'string' ? readFileSync(file) : file) as Font,
    ]),
  );
});

describe('a text in the documents’ fonts', () => {
  it('is split into runs, each character in a font that has it, in both weights', () => {
    for (const weight of [REGULAR, BOLD]) {
      const text = Object.values(SCRIPTS).join('-');
      const runs = fontRuns(text, weight);
      expect(runs.map((run) => run.text).join('')).toBe(text);
      for (const run of runs) {
        for (const char of run.text) {
          expect(
            fonts[run.font]?.hasGlyphForCodePoint(char.codePointAt(0) ?? 0),
            `${char} in ${run.font}`,
          ).toBe(true);
        }
      }
      // Latin, Cyrillic, Arabic and Hebrew are DejaVu's; Chinese, Japanese and emoji Noto's.
      expect([...new Set(runs.map((run) => run.font))].sort()).toEqual(
        weight === REGULAR
          ? [REGULAR, 'NotoEmoji', 'NotoSansSC']
          : [BOLD, 'NotoEmoji-Bold', 'NotoSansSC-Bold'],
      );
    }
  });

  it('stays in one font for plain text, and keeps a script’s spaces in its run', () => {
    expect(fontRuns('Forgeline Tools Inc. — №7', REGULAR)).toEqual([
      { font: REGULAR, text: 'Forgeline Tools Inc. — №7' },
    ]);
    expect(fontRuns('注文 工具', REGULAR)).toEqual([{ font: 'NotoSansSC', text: '注文 工具' }]);
    // Line breaks are the layout's: kept as they are, never a replacement character.
    expect(fontRuns('1200 Foundry Road\nPittsburgh', REGULAR)).toEqual([
      { font: REGULAR, text: '1200 Foundry Road\nPittsburgh' },
    ]);
  });

  it('draws a character no font has as U+FFFD, and drops an invisible one its font lacks', () => {
    // A private-use character: in no font.
    expect(fontRuns('PO-\uE000-1', REGULAR)).toEqual([{ font: REGULAR, text: 'PO-\uFFFD-1' }]);
    expect(
      fontRuns('注\u2064文', REGULAR)
        .map((run) => run.text)
        .join(''),
    ).not.toContain('\u2064');
  });
});

/** Every glyph a PDF draws, as PDF.js reads its pages: its character code and the text it stands for. */
async function drawnGlyphs(pdf: Buffer) {
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, verbosity: 0 })
    .promise;
  const glyphs: { code: number; unicode: string; font: string }[] = [];
  for (let n = 1; n <= document.numPages; n += 1) {
    const page = await document.getPage(n);
    const list = await page.getOperatorList();
    let font = '';
    list.fnArray.forEach((fn, i) => {
      const args = list.argsArray[i] as unknown[];
      if (fn === OPS.setFont) font = String(args[0]);
      if (fn !== OPS.showText) return;
      for (const glyph of args[0] as ({ originalCharCode: number; unicode: string } | number)[]) {
        if (typeof glyph === 'number') continue;
        glyphs.push({ code: glyph.originalCharCode, unicode: glyph.unicode, font });
      }
    });
  }
  await document.destroy();
  return glyphs;
}

/** The document information dictionary says what the XMP metadata says (ISO 19005-3, 6.6.2.3.2). */
async function expectInfoAsXmp(pdf: Buffer) {
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, verbosity: 0 })
    .promise;
  const { info, metadata } = (await document.getMetadata()) as unknown as {
    info: Record<string, string>;
    metadata: { getRaw(): string } | null;
  };
  await document.destroy();
  const xmp = metadata?.getRaw() ?? '';
  const element = (name: string) =>
    new RegExp(`<${name}>\\s*(?:<rdf:(?:Alt|Seq)>\\s*<rdf:li[^>]*>)?([^<]*)<`)
      .exec(xmp)?.[1]
      ?.replaceAll('&amp;', '&');
  expect({
    Title: info.Title,
    Author: info.Author,
    Subject: info.Subject,
    Creator: info.Creator,
    Producer: info.Producer,
    Keywords: info.Keywords,
  }).toEqual({
    Title: element('dc:title'),
    Author: element('dc:creator'),
    Subject: element('dc:description'),
    Creator: element('xmp:CreatorTool'),
    Producer: element('pdf:Producer'),
    Keywords: element('pdf:Keywords'),
  });
  expect(info.Title).toMatch(/^Invoice INV-\d{6} dated /);
}

describe('an invoice for a customer who writes in many scripts', () => {
  it('prints every character of the PO number and the company name, and draws no .notdef', async () => {
    const { admin: buyer } = await newCompany(
      t.ctx.app,
      `北京工具有限公司 ${SCRIPTS.hebrew} ${SCRIPTS.emoji}`,
    );
    const tool = await insertTool(t.ctx.db, { priceCents: 1000, weightGrams: 10 });
    expect((await t.call(buyer, 'PUT', `/api/cart/lines/${tool.id}`, { quantity: 100 })).statusCode).toBe(
      200,
    );
    const poNumber = `${SCRIPTS.latin}-${SCRIPTS.cyrillic}-${SCRIPTS.chinese}№7`;
    const placed = await t.call(buyer, 'POST', '/api/cart/checkout', {
      name: `${SCRIPTS.japanese} ${SCRIPTS.arabic}`,
      number: '+1 412 555 0100',
      shipTo: pittsburgh,
      paymentMethod: 'card',
      poNumber,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<PlaceOrderResult>().order;
    await payOrderAs(t.ctx.app, buyer, order._id);
    const pdf = (await t.call(buyer, 'GET', `/api/purchase/${order._id}/invoice`)).rawPayload;

    const glyphs = await drawnGlyphs(pdf);
    // pdfkit draws by glyph id: .notdef is glyph 0, and no glyph stands for U+FFFD here either.
    expect(glyphs.filter((glyph) => glyph.code === 0)).toEqual([]);
    expect(glyphs.filter((glyph) => glyph.unicode === '\uFFFD')).toEqual([]);
    // The text as PDF.js reads it (a piece per font run, which it parts with spaces).
    const text = (await pdfText(pdf)).replace(/\s+/g, '');
    expect(text).toContain(poNumber);
    expect(text).toContain('北京工具有限公司');
    expect(text).toContain(SCRIPTS.japanese);
    expect(text).toContain(SCRIPTS.hebrew);
    const drawn = glyphs.map((glyph) => glyph.unicode).join('');
    // Arabic as drawn (shaped, right to left); the thumbs-up with its skin tone is one glyph of Noto
    // Emoji, which its font's shaping makes of the two characters and names by the first.
    for (const char of [...Array.from(SCRIPTS.arabic), '🔧', '👍']) expect(drawn, char).toContain(char);
    await expectInfoAsXmp(pdf);
    // Still a Factur-X file its checker takes.
    const verdict = await validateDocument('facturx', pdf);
    expect(verdict.findings.filter((line) => !/ warning:/.test(line))).toEqual([]);
  });

  it('a plain invoice embeds DejaVu alone', async () => {
    const buyer = await signUp(t.ctx.app);
    const tool = await insertTool(t.ctx.db, { priceCents: 1000, weightGrams: 10 });
    expect((await t.call(buyer, 'PUT', `/api/cart/lines/${tool.id}`, { quantity: 100 })).statusCode).toBe(
      200,
    );
    const placed = await t.call(buyer, 'POST', '/api/cart/checkout', {
      name: 'Dock 4',
      number: '+1 412 555 0100',
      shipTo: pittsburgh,
      paymentMethod: 'card',
    });
    const order = placed.json<PlaceOrderResult>().order;
    await payOrderAs(t.ctx.app, buyer, order._id);
    const pdf = (await t.call(buyer, 'GET', `/api/purchase/${order._id}/invoice`)).rawPayload;
    const names = [...pdf.toString('latin1').matchAll(/\/BaseFont \/[A-Z]{6}\+([\w-]+)/g)].map((m) => m[1]);
    expect(new Set(names)).toEqual(new Set(['DejaVuSans', 'DejaVuSans-Bold']));
  });
});
