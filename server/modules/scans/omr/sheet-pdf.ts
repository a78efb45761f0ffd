// The printable answer sheet (pdfkit), drawn from sheet-layout.ts. DejaVu Sans is embedded as the
// invoices do (server/modules/invoices/pdf.ts): the 14 standard PDF fonts have no ș ț.
// Ink choices help the reader: markers, outlines and numbers solid black; the letters inside the
// ellipses light grey, so an empty ellipse stays nearly white and a filled one stands out.
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { MARKER_BITS, MARKER_CELLS, sheetLayout, type Box, type SheetLayout } from './sheet-layout.ts';
import type { SheetMeta } from './types.ts';
import { sheetCodeLabel } from '../../../../src/shared/sheet-code.ts';
import { plural } from '../../../../src/shared/ro-count.ts';

const questionsLabel = (n: number) => plural(n, 'întrebare', 'întrebări');

const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

export const SHEET_INSTRUCTIONS =
  'Umple complet elipsa cu pixul albastru sau negru, fără să ieși din contur. Poți marca una sau mai multe variante la fiecare întrebare. Nu îndoi foaia și nu scrie peste pătratele din colțuri sau peste codul QR. Fotografiază foaia întreagă, de sus, cu toate cele patru colțuri vizibile.';

/** The QR code's modules (true = dark), error correction M: a smudge on a few modules still reads. */
export function qrModules(text: string): boolean[][] {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const rows: boolean[][] = [];
  for (let y = 0; y < size; y++) {
    const row: boolean[] = [];
    for (let x = 0; x < size; x++) row.push(Boolean(qr.modules.get(y, x)));
    rows.push(row);
  }
  return rows;
}

/** Module size and offset that centre a QR code (with a 1-module quiet zone inside the box). */
export function qrPlacement(box: Box, modules: number) {
  const cell = box.w / (modules + 2);
  return { cell, x0: box.x + cell, y0: box.y + cell };
}

function drawMarkers(doc: PDFKit.PDFDocument, layout: SheetLayout) {
  for (const mk of layout.markers) {
    const cell = mk.w / MARKER_CELLS;
    doc.rect(mk.x, mk.y, mk.w, mk.h).fill('#000000');
    MARKER_BITS[mk.id].forEach((bits, r) => {
      for (let c = 0; c < MARKER_CELLS; c++) {
        // Overlap white cells by a hair so no hairline seams show between neighbours.
        if (bits[c] === '1')
          doc.rect(mk.x + c * cell - 0.05, mk.y + r * cell - 0.05, cell + 0.1, cell + 0.1).fill('#ffffff');
      }
    });
  }
}

function drawQr(doc: PDFKit.PDFDocument, box: Box, text: string) {
  const modules = qrModules(text);
  const { cell, x0, y0 } = qrPlacement(box, modules.length);
  modules.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) doc.rect(x0 + x * cell - 0.05, y0 + y * cell - 0.05, cell + 0.1, cell + 0.1).fill('#000000');
    }),
  );
}

export async function renderSheetPdf(meta: SheetMeta): Promise<Buffer> {
  const layout = sheetLayout(meta.questionCount);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    info: { Title: `${meta.title} — foaie de răspuns`, Author: meta.productName, Subject: meta.sheetId },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('body', FONT);
  doc.registerFont('bold', FONT_BOLD);

  drawMarkers(doc, layout);
  drawQr(doc, layout.qr, meta.sheetId);

  const h = layout.header;
  const line = (font: string, size: number, text: string, y: number, color = '#000000') =>
    doc
      .font(font)
      .fontSize(size)
      .fillColor(color)
      .text(text, h.x, y, { width: h.w, height: size * 1.3, ellipsis: true, lineBreak: false });
  line('bold', 13, meta.productName, h.y);
  line('bold', 10.5, meta.title, h.y + 19);
  line('body', 9, `Centru: ${meta.centreName}`, h.y + 36);
  line('body', 9, `Candidat: ${meta.candidateName}`, h.y + 50);
  // The number people read is the short code (src/shared/sheet-code.ts), the same the sheet's page
  // shows; the UUID itself is in the QR code (and the PDF's metadata) only.
  line('bold', 9, `Foaia nr. ${sheetCodeLabel(meta.sheetId)} · ${questionsLabel(meta.questionCount)}`, h.y + 64);

  const ins = layout.instructions;
  doc
    .font('body')
    .fontSize(7.5)
    .fillColor('#000000')
    .text(SHEET_INSTRUCTIONS, ins.x + 44, ins.y + 2, {
      width: ins.w - 88,
      height: ins.h,
      align: 'center',
    });

  for (const q of layout.questions) {
    doc.font('bold').fontSize(7.5).fillColor('#000000');
    doc.text(`${q.n}.`, q.labelX - 24, q.labelY - 4.6, { width: 24, align: 'right', lineBreak: false });
    for (const o of q.options) {
      doc.lineWidth(0.7).ellipse(o.cx, o.cy, o.rx, o.ry).stroke('#000000');
      doc.font('body').fontSize(5.5).fillColor('#9a9a9a');
      doc.text(o.option, o.cx - o.rx, o.cy - 3.3, { width: o.rx * 2, align: 'center', lineBreak: false });
    }
  }
  doc.end();
  return done;
}
