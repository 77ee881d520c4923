import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectPaths } from '../config/project-paths';
import type { ShopDetails } from '../config/shop-details';

/**
 * The shop's PDF documents' common layout (pdfkit): US Letter pages in the embedded fonts, the seller's
 * header, labelled facts and tables. Invoices and credit notes (orders/invoice-pdf.ts) and statements
 * of account (credit/statement-pdf.ts) are written with it.
 */

export { formatDay } from '../../shared/date-format';

/**
 * DejaVu Sans, embedded (subset to the glyphs used): PDF's built-in Helvetica only knows Western
 * European letters, and would print a Polish, Greek or Czech buyer's name as garbage.
 */
export const REGULAR = 'DejaVuSans';
export const BOLD = 'DejaVuSans-Bold';
let fonts: Record<string, Buffer> | undefined;
function invoiceFonts(): Record<string, Buffer> {
  fonts ??= Object.fromEntries(
    [REGULAR, BOLD].map((name) => [name, readFileSync(join(projectPaths.invoiceFonts, `${name}.ttf`))]),
  );
  return fonts;
}

export const PAGE = { margin: 50, width: 612, height: 792 };
export const RIGHT = PAGE.width - PAGE.margin;
export const INK = '#212529';
export const MUTED = '#555555';

/** A new US Letter document with the invoice fonts, and its bytes once it ends. */
export async function startDocument(info: { Title: string; Author: string; Subject: string }) {
  // pdfkit is loaded on the first document, not at start-up (it costs ~0.15 s to load).
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'LETTER', margin: PAGE.margin, info });
  for (const [name, file] of Object.entries(invoiceFonts())) doc.registerFont(name, file);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
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
