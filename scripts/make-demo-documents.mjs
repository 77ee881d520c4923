// Writes the demo catalog's documents (content/images/documents): a datasheet and a safety data sheet
// for the Compact Drill/Driver family, as a manufacturer would publish them. Run once; the PDFs are
// committed. `node scripts/make-demo-documents.mjs`
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';

const dir = join(import.meta.dirname, '..', 'content', 'images', 'documents');

function write(name, title, sections) {
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: title, Author: 'Forgeline Tools' } });
  doc.pipe(createWriteStream(join(dir, name)));
  doc.font('Helvetica-Bold').fontSize(18).text(title);
  doc.moveDown(0.5).font('Helvetica').fontSize(9).fillColor('#555').text('Forgeline Tools · demo document');
  for (const [heading, lines] of sections) {
    doc.moveDown(1).fillColor('#000').font('Helvetica-Bold').fontSize(12).text(heading);
    doc.font('Helvetica').fontSize(10);
    for (const line of lines) doc.text(line);
  }
  doc.end();
}

write('compact-drill-driver-datasheet.pdf', 'Compact Drill/Driver: datasheet', [
  [
    'Variants',
    [
      'FT-CDD-12V-10: 12 V, 10 mm chuck',
      'FT-CDD-18V-10: 18 V, 10 mm chuck',
      'FT-CDD-18V-13: 18 V, 13 mm chuck',
    ],
  ],
  ['Motor', ['Brushless, two speeds: 0-450 / 0-1,650 rpm', 'Torque: 30 Nm (12 V), 55 Nm (18 V)']],
  ['Packing', ['50 units to a carton; sold in whole cartons']],
]);
write('compact-drill-driver-sds.pdf', 'Compact Drill/Driver: battery safety data sheet', [
  ['1. Identification', ['Lithium-ion battery packs supplied with the Compact Drill/Driver family']],
  ['2. Hazards', ['Do not short-circuit, crush or heat above 60 °C.']],
  ['14. Transport', ['UN 3481, lithium-ion batteries packed with equipment']],
]);
