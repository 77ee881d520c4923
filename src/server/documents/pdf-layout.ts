import { BOLD, REGULAR, documentFonts, fontRuns, weightOf } from './pdf-fonts';
import type { ShopDetails } from '../config/shop-details';

/**
 * The shop's PDF documents' common layout (pdfkit): US Letter pages in the embedded fonts, the seller's
 * header, labelled facts and tables. Invoices and credit notes (billing/invoice-pdf.ts) and statements
 * of account (billing/statement-pdf.ts) are written with it.
 */

export { formatDay } from '../../shared/date-format';

export { BOLD, REGULAR } from './pdf-fonts';

export const PAGE = { margin: 50, width: 612, height: 792 };
export const RIGHT = PAGE.width - PAGE.margin;
export const INK = '#212529';
export const MUTED = '#555555';

/** A new US Letter document with the invoice fonts, and its bytes once it ends. */
export async function startDocument(info: { Title: string; Author: string; Subject: string }) {
  // pdfkit is loaded on the first document, not at start-up (it costs ~0.15 s to load).
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'LETTER', margin: PAGE.margin, info });
  for (const [name, file] of Object.entries(await documentFonts())) doc.registerFont(name, file);
  drawEveryCharacter(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

type TextOptions = PDFKit.Mixins.TextOptions;

/**
 * Makes the document draw every character of every text in a font that has it (pdf-fonts.ts): each
 * `text` is split into runs of one font each, drawn one after the other on the same lines (pdfkit's
 * continued text) and the weight's first font set again after. pdfkit aligns each continued piece on
 * its own, so a right-aligned or centred text of several runs that fits its width is placed by the
 * runs' widths summed, and drawn from there.
 */
function drawEveryCharacter(doc: PDFKit.PDFDocument): void {
  const setFont = doc.font.bind(doc) as (name: string, size?: number) => PDFKit.PDFDocument;
  const write = doc.text.bind(doc) as (
    text: string,
    x?: number,
    y?: number,
    options?: TextOptions,
  ) => PDFKit.PDFDocument;
  let current = REGULAR;
  doc.font = ((name: string, size?: number) => {
    current = name;
    return setFont(name, size);
  }) as typeof doc.font;
  doc.text = (text: string | number, x?: number | TextOptions, y?: number, options?: TextOptions) => {
    const given: TextOptions | undefined = typeof x === 'object' ? x : options;
    const at: [number | undefined, number | undefined] =
      typeof x === 'object' ? [undefined, undefined] : [x, y];
    const weight = weightOf(current);
    const runs = weight ? fontRuns(String(text), weight) : [];
    const [only] = runs;
    if (!weight || (runs.length === 1 && only?.font === current)) {
      return write(only?.text ?? String(text), at[0], at[1], given);
    }
    const size = (doc as unknown as { _fontSize: number })._fontSize;
    let [left] = at;
    let drawn = given;
    if (given?.align === 'right' || given?.align === 'center') {
      const total = runs.reduce(
        (sum, run) => sum + setFont(run.font, size).widthOfString(run.text, given),
        0,
      );
      // Longer than its line: wrapped from the left, never runs drawn over each other.
      drawn = { ...given, align: 'left' };
      if (given.width !== undefined && total <= given.width) {
        const offset = (given.width - total) / (given.align === 'right' ? 1 : 2);
        left = (left ?? doc.x) + offset;
        drawn.width = given.width - offset + 1;
      }
    }
    runs.forEach((run, i) => {
      setFont(run.font, size);
      const last = i === runs.length - 1;
      const options = { ...drawn, continued: last ? (given?.continued ?? false) : true };
      write(run.text, i === 0 ? left : undefined, i === 0 ? at[1] : undefined, options);
    });
    setFont(current, size);
    return doc;
  };
}

/** The seller at the top left, as every document shows it; answers where it ends. */
export function sellerHeader(doc: PDFKit.PDFDocument, shop: ShopDetails): number {
  doc.fillColor(INK).font(BOLD).fontSize(18).text(shop.name, PAGE.margin, PAGE.margin);
  doc.font(REGULAR).fontSize(9).fillColor(MUTED);
  for (const line of [shop.legalName, ...shop.address, shop.email, shop.phone, `Tax ID: ${shop.taxId}`]) {
    doc.text(line);
  }
  return doc.y;
}

export interface PdfColumn {
  title: string;
  x: number;
  width: number;
  align: 'left' | 'right';
}

/** Writes a table's rows in these columns: a row, a rule under it, the column titles. */
export function tableWriter(doc: PDFKit.PDFDocument, columns: readonly PdfColumn[]) {
  const row = (cells: string[], font: string) => {
    const top = doc.y;
    doc.font(font).fontSize(10);
    let bottom = top;
    cells.forEach((cell, i) => {
      const column = columns[i];
      if (!column) return;
      doc.text(cell, column.x, top, { width: column.width, align: column.align });
      bottom = Math.max(bottom, doc.y);
    });
    doc.y = bottom + 6;
  };
  const rule = () => {
    doc.moveTo(PAGE.margin, doc.y).lineTo(RIGHT, doc.y).strokeColor('#cccccc').stroke();
    doc.y += 6;
  };
  const titles = () => {
    row(
      columns.map((c) => c.title),
      BOLD,
    );
    rule();
  };
  // A row below this starts a new page.
  return { row, rule, titles, lastRowTop: PAGE.height - PAGE.margin - 40 };
}

export function labelled(doc: PDFKit.PDFDocument, label: string, value: string, x: number) {
  const top = doc.y;
  doc.font(REGULAR).fontSize(9).fillColor(MUTED).text(label, x, top, { width: 100 });
  doc
    .font(BOLD)
    .fontSize(9)
    .fillColor(INK)
    .text(value, x + 100, top, { width: RIGHT - x - 100, align: 'right' });
}
