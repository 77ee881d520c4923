import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The text of every page of a PDF, as Mozilla's PDF.js reads it: one string, items joined by spaces. */
export async function pdfText(pdf: Buffer): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, verbosity: 0 })
    .promise;
  const pages: string[] = [];
  for (let n = 1; n <= document.numPages; n += 1) {
    const page = await document.getPage(n);
    const content = await page.getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await document.destroy();
  return pages.join('\n').replace(/\s+/g, ' ');
}

/** A file attached to a PDF (a Factur-X PDF's factur-x.xml), as PDF.js reads it; throws when absent. */
export async function pdfAttachment(pdf: Buffer, name: string): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, verbosity: 0 })
    .promise;
  const attachments = ((await document.getAttachments()) ?? {}) as Record<
    string,
    { filename: string; content: Uint8Array }
  >;
  await document.destroy();
  const found = Object.values(attachments).find((attachment) => attachment.filename === name);
  if (!found) throw new Error(`the PDF has no attachment ${name}: ${Object.keys(attachments).join(', ')}`);
  return Buffer.from(found.content).toString('utf8');
}
