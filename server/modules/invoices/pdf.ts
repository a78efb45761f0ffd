// The invoice as PDF (pdfkit). The font is DejaVu Sans from the dejavu-fonts-ttf package (Bitstream
// Vera licence: free to embed and redistribute), embedded as a subset: PDF's 14 standard fonts
// have no ș ț (comma below), so without an embedded TrueType font Romanian names print wrong.
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { InvoiceFull, InvoiceParty } from '../../../src/shared/invoice-payloads.ts';
import { countryName } from '../../../src/shared/billing-rules.ts';
import { chargesVat } from './efactura.ts';

/** The unit of the line: one subscription (e-Factura's unit code C62, "one"). */
export const UNIT = 'abonament';

const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

/** Romanian money: 1.234,50 lei, with the minus sign kept for a storno. */
export function lei(bani: number): string {
  const sign = bani < 0 ? '−' : '';
  const abs = Math.abs(bani);
  return `${sign}${Math.floor(abs / 100).toLocaleString('ro-RO')},${String(abs % 100).padStart(2, '0')} lei`;
}

/** The date as the law counts it: the calendar day in Romania. */
export const roDate = (iso: string) =>
  new Intl.DateTimeFormat('ro-RO', {
    timeZone: 'Europe/Bucharest',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(iso));

function partyLines(p: InvoiceParty, seller: boolean): string[] {
  const lines = [p.name];
  if (p.cif) lines.push(`${seller ? 'CIF' : 'CIF/CUI'}: ${p.cif}`);
  else if (seller) lines.push('CIF: necompletat în configurare');
  if (p.reg_no) lines.push(`Nr. Reg. Com.: ${p.reg_no}`);
  if (seller && p.share_capital) lines.push(`Capital social: ${p.share_capital}`);
  // A buyer who paid before the checkout asked for an address (and the renewals of that account).
  if (!seller && !p.address) lines.push('Adresă necomunicată');
  const place = [
    p.address,
    p.city,
    // Bucharest is no county: its name once is enough.
    p.county &&
      !(p.county === 'București' && p.city === 'București') &&
      (p.county === 'București' ? p.county : `jud. ${p.county}`),
    p.country && countryName(p.country),
  ]
    .filter(Boolean)
    .join(', ');
  if (place) lines.push(place);
  if (p.iban) lines.push(`IBAN: ${p.iban}`);
  if (!seller && p.email) lines.push(`Email: ${p.email}`);
  return lines;
}

/** Renders the invoice; resolves with the whole file (an invoice is one page, a few tens of kB). */
export function invoicePdf(
  inv: InvoiceFull,
  original?: { code: string; issued_at: string },
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    info: { Title: `Factura ${inv.code}`, Author: inv.seller.name, Subject: inv.description },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('body', FONT);
  doc.registerFont('bold', FONT_BOLD);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  doc
    .font('bold')
    .fontSize(20)
    .text(inv.kind === 'storno' ? 'FACTURĂ DE STORNARE' : 'FACTURĂ', left, 48);
  doc.font('body').fontSize(10).moveDown(0.3);
  doc.text(`Seria ${inv.series} nr. ${String(inv.number).padStart(6, '0')}`);
  doc.text(`Data emiterii: ${roDate(inv.issued_at)}`);
  if (original) doc.text(`Stornează factura ${original.code} din ${roDate(original.issued_at)}`);
  // The date of the supply (art. 319 alin. (20) lit. c) Cod fiscal): the subscription period paid for.
  if (inv.period_start && inv.period_end)
    doc.text(`Perioada serviciului: ${roDate(inv.period_start)} – ${roDate(inv.period_end)}`);
  doc.text('Moneda: RON');

  const top = doc.y + 18;
  const col = (width - 24) / 2;
  const block = (title: string, lines: string[], x: number) => {
    doc.font('bold').fontSize(11).text(title, x, top, { width: col });
    doc.font('body').fontSize(10);
    for (const l of lines) doc.text(l, { width: col });
    return doc.y;
  };
  const sellerLines = partyLines(inv.seller, true);
  const vat = chargesVat(inv);
  sellerLines.push(vat ? 'Plătitor de TVA' : 'Neînregistrat în scopuri de TVA');
  const yA = block('Furnizor', sellerLines, left);
  const yB = block('Cumpărător', partyLines(inv.buyer, false), left + col + 24);

  // The line table: what was sold, quantity, unit price and value without VAT, rate and VAT.
  const cols = [
    { t: 'Nr.', w: 24, a: 'left' },
    { t: 'Denumire', w: 140, a: 'left' },
    { t: 'U.M.', w: 58, a: 'left' },
    { t: 'Cant.', w: 34, a: 'right' },
    { t: 'Preț unitar fără TVA', w: 66, a: 'right' },
    { t: 'Valoare fără TVA', w: 66, a: 'right' },
    { t: 'Cota TVA', w: 40, a: 'right' },
    { t: 'Valoare TVA', w: 70, a: 'right' },
  ] as const;
  const row = (cells: string[], y: number, font: 'body' | 'bold') => {
    let x = left;
    doc.font(font).fontSize(9);
    let bottom = y;
    cells.forEach((c, i) => {
      doc.text(c, x + 3, y, { width: cols[i]!.w - 6, align: cols[i]!.a });
      bottom = Math.max(bottom, doc.y);
      x += cols[i]!.w;
    });
    return bottom;
  };
  let y = Math.max(yA, yB) + 24;
  doc
    .rect(left, y - 4, width, 30)
    .fillAndStroke('#eef2f7', '#c8d0da')
    .fillColor('#000');
  y =
    row(
      cols.map((c) => c.t),
      y,
      'bold',
    ) + 8;
  const qty = inv.kind === 'storno' ? '−1' : '1';
  y =
    row(
      [
        '1',
        inv.description,
        UNIT,
        qty,
        lei(Math.abs(inv.base_bani)),
        lei(inv.base_bani),
        vat ? `${inv.vat_percent}%` : '—',
        vat ? lei(inv.vat_bani) : '—',
      ],
      y,
      'body',
    ) + 6;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .strokeColor('#c8d0da')
    .stroke();

  y += 14;
  const label = left + width - 260;
  const total = (l: string, v: string, font: 'body' | 'bold') => {
    doc.font(font).fontSize(font === 'bold' ? 12 : 10);
    doc.text(l, label, y, { width: 150 });
    doc.text(v, label + 150, y, { width: 110, align: 'right' });
    y = doc.y + 4;
  };
  if (vat) {
    total('Total fără TVA', lei(inv.base_bani), 'body');
    total(`TVA (${inv.vat_percent}%)`, lei(inv.vat_bani), 'body');
  }
  total(inv.kind === 'storno' ? 'Total de restituit' : 'Total de plată', lei(inv.total_bani), 'bold');

  doc.font('body').fontSize(9).fillColor('#333');
  // The storno records the refund; the money itself goes back through the card processor (the
  // admin refunds the payment there: service.ts storno), not through this document.
  doc.text(
    inv.kind === 'storno'
      ? `Rambursarea se face prin procesatorul plăților cu cardul, pe cardul cu care s-a plătit${original ? ` factura ${original.code}` : ''}; poate dura câteva zile până apare în contul cardului.`
      : 'Achitată integral online, cu cardul, la data emiterii.',
    left,
    y + 24,
    { width },
  );
  if (!vat) doc.text('Furnizorul nu este înregistrat în scopuri de TVA: factura nu conține TVA.', { width });
  doc.text('Factura este valabilă fără semnătură și ștampilă (art. 319 alin. (29) din Codul fiscal).', {
    width,
  });
  doc.end();
  return done;
}
