// The printable question booklet of a paper simulation (issue 22): the paper's grids in exam order,
// statements and options A–E only (never the key nor an explanation), grouped under headings by
// subject and question type as a centre's booklet is, every page numbered "pagina i din n". DejaVu
// Sans is embedded as on the answer sheet (sheet-pdf.ts): the standard PDF fonts have no ș ț.
// A question is never split across pages (unless it is longer than a page); a figure, when a grid
// has one, is drawn under its statement (an SVG is rasterised by sharp first: pdfkit draws only
// PNG and JPEG).
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { SHEET_OPTIONS } from './types.ts';

const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

export type GridType = 'CS' | 'CM' | 'CG';

/** A figure ready for pdfkit: PNG or JPEG bytes and the size to draw it at most, in points. */
export interface BookletFigure {
  image: Buffer;
  width: number;
  height: number;
  alt: string;
}

export interface BookletQuestion {
  n: number;
  type: GridType;
  /** 'biologie' | 'chimie' | 'fizica' (the grid's manual), null when unknown. */
  subject: string | null;
  statement: string;
  options: Record<string, string>;
  figure?: BookletFigure | null;
}

export interface BookletMeta {
  productName: string;
  title: string;
  centreName: string;
  /** ['biologie','chimie'] */
  variant: readonly string[];
  timeLimitS: number;
  questions: BookletQuestion[];
}

const SUBJECT: Record<string, string> = { biologie: 'Biologie', chimie: 'Chimie', fizica: 'Fizică' };
const TYPE: Record<GridType, string> = {
  CS: 'complement simplu (un singur răspuns corect)',
  CM: 'complement multiplu (unul sau mai multe răspunsuri corecte)',
  CG: 'complement grupat',
};
export const CG_KEY = 'La complement grupat: A = 1, 2, 3 corecte · B = 1, 3 · C = 2, 4 · D = doar 4 · E = toate patru.';
export const BOOKLET_INSTRUCTIONS =
  'Marchează răspunsurile numai pe foaia de răspuns: ce scrii în acest caiet nu se corectează. Pornește cronometrul de pe pagina simulării când începi și oprește-te când timpul s-a terminat.';

/** Romanian plural: "de" before a count from 20 on ("90 de întrebări", "12 întrebări"). */
const de = (n: number) => (n % 100 >= 20 || n % 100 === 0 ? 'de ' : '');

/** 10 800 s → "3 ore (180 de minute)", 5400 s → "o oră și 30 de minute (90 de minute)". */
export function timeAllowed(seconds: number): string {
  const m = Math.round(seconds / 60);
  const mins = (n: number) => (n === 1 ? 'un minut' : `${n} ${de(n)}minute`);
  const h = Math.floor(m / 60);
  const rest = m % 60;
  if (!h) return mins(m);
  const hours = h === 1 ? 'o oră' : `${h} ${de(h)}ore`;
  return `${rest ? `${hours} și ${mins(rest)}` : hours} (${m} ${de(m)}minute)`;
}

/** A figure's bytes (SVG, PNG, JPEG, WebP, GIF) as a PNG pdfkit can draw, at most `maxW` x `maxH` points. */
export async function figureFor(bytes: Buffer, alt: string, maxW = 320, maxH = 220): Promise<BookletFigure> {
  // 3 pixels per point prints sharp at 216 dpi; an SVG is rendered at that density, not enlarged after.
  const img = sharp(bytes, { density: 216, failOn: 'error' });
  const meta = await img.metadata();
  const w = meta.width ?? 1;
  const h = meta.height ?? 1;
  const scale = Math.min(maxW / (w / 3), maxH / (h / 3), 1);
  const png = await img.flatten({ background: '#ffffff' }).png().toBuffer();
  return { image: png, width: (w / 3) * scale, height: (h / 3) * scale, alt };
}

type Section = { from: number; to: number; subject: string | null; type: GridType };

/** Runs of consecutive questions of one subject and type: the booklet's headings. */
export function sections(questions: BookletQuestion[]): Section[] {
  const out: Section[] = [];
  for (const q of questions) {
    const last = out[out.length - 1];
    if (last && last.subject === q.subject && last.type === q.type) last.to = q.n;
    else out.push({ from: q.n, to: q.n, subject: q.subject, type: q.type });
  }
  return out;
}

const sectionTitle = (s: Section) =>
  `${s.subject ? `${SUBJECT[s.subject] ?? s.subject} — ` : ''}${s.from === s.to ? `întrebarea ${s.from}` : `întrebările ${s.from}–${s.to}`}: ${TYPE[s.type]}`;

const MARGIN = { top: 50, bottom: 56, left: 54, right: 54 };

function newDoc(meta: BookletMeta) {
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    bufferPages: true,
    info: { Title: `${meta.title} — subiecte`, Author: meta.productName, Subject: meta.centreName },
  });
  doc.registerFont('body', FONT);
  doc.registerFont('bold', FONT_BOLD);
  return doc;
}

/**
 * Lays the booklet out on `doc` and returns the page (0-based) each question starts on. A question
 * in `breakBefore` starts a new page: renderBookletPdf uses it so that the last page never holds
 * one question alone.
 */
function layOut(doc: PDFKit.PDFDocument, meta: BookletMeta, breakBefore: ReadonlySet<number>): number[] {
  const margin = MARGIN;
  const left = margin.left;
  const width = doc.page.width - margin.left - margin.right;
  const bottom = () => doc.page.height - margin.bottom;
  const addPage = () => doc.addPage();
  // Counted from the document: a block longer than a page flows onto pages pdfkit adds itself.
  const page = () => doc.bufferedPageRange().count - 1;
  const pageOf: number[] = [];
  // Title block.
  doc.font('bold').fontSize(10).fillColor('#444444').text(meta.productName, left, margin.top, { width });
  doc.font('bold').fontSize(17).fillColor('#000000').text(meta.title, { width });
  doc.moveDown(0.2).font('body').fontSize(10.5).text(`Centru: ${meta.centreName}`, { width });
  doc.text(
    `Materii: ${meta.variant.map((s) => SUBJECT[s] ?? s).join(' + ')} · ${meta.questions.length} ${de(meta.questions.length)}întrebări · Timp de lucru: ${timeAllowed(meta.timeLimitS)}`,
    { width },
  );
  doc.moveDown(0.6);
  const boxTop = doc.y;
  const notes = [BOOKLET_INSTRUCTIONS, ...(meta.questions.some((q) => q.type === 'CG') ? [CG_KEY] : [])].join('\n');
  doc.font('body').fontSize(9);
  const boxH = doc.heightOfString(notes, { width: width - 20 }) + 16;
  doc.rect(left, boxTop, width, boxH).lineWidth(0.8).stroke('#555555');
  doc.fillColor('#000000').text(notes, left + 10, boxTop + 8, { width: width - 20 });
  doc.y = boxTop + boxH + 14;

  const numW = 26;
  const textW = width - numW;
  const optW = textW - 18;
  const heightOf = (q: BookletQuestion) => {
    doc.font('body').fontSize(10.5);
    let h = doc.heightOfString(q.statement, { width: textW }) + 4;
    if (q.figure) h += q.figure.height + 8;
    for (const l of SHEET_OPTIONS) if (q.options[l] != null) h += doc.heightOfString(q.options[l]!, { width: optW }) + 2;
    return h + 10;
  };
  const roomFor = (h: number) => {
    // A block taller than a whole page starts on a fresh page and flows on.
    if (doc.y + h > bottom() && doc.y > margin.top + 1) addPage();
  };

  const bySection = new Map(sections(meta.questions).map((s) => [s.from, s]));
  for (const q of meta.questions) {
    const section = bySection.get(q.n);
    const own = heightOf(q);
    if (breakBefore.has(q.n) && doc.y > margin.top + 1) addPage();
    if (section) {
      doc.font('bold').fontSize(11.5);
      const title = sectionTitle(section);
      roomFor(doc.heightOfString(title, { width }) + 12 + own);
      doc.fillColor('#000000').text(title, left, doc.y + 4, { width });
      doc.moveTo(left, doc.y + 2).lineTo(left + width, doc.y + 2).lineWidth(0.5).stroke('#888888');
      doc.y += 8;
    } else roomFor(own);
    pageOf.push(page());
    const top = doc.y;
    doc.font('bold').fontSize(10.5).fillColor('#000000').text(`${q.n}.`, left, top, { width: numW - 4, lineBreak: false });
    doc.font('body').fontSize(10.5).text(q.statement, left + numW, top, { width: textW });
    doc.y += 4;
    if (q.figure) {
      if (doc.y + q.figure.height > bottom()) addPage();
      doc.image(q.figure.image, left + numW, doc.y, { width: q.figure.width, height: q.figure.height });
      doc.y += q.figure.height + 8;
    }
    for (const l of SHEET_OPTIONS) {
      const text = q.options[l];
      if (text == null) continue;
      const y = doc.y;
      doc.font('bold').text(`${l}.`, left + numW, y, { width: 16, lineBreak: false });
      doc.font('body').text(text, left + numW + 18, y, { width: optW });
      doc.y += 2;
    }
    doc.y += 10;
  }
  return pageOf;
}

export async function renderBookletPdf(meta: BookletMeta): Promise<Buffer> {
  // A question alone on the last page reads as a leftover and wastes a sheet of paper: laid out
  // once to see, then again with the one before it moved to that page too.
  const trial = newDoc(meta);
  const pages = layOut(trial, meta, new Set());
  trial.end();
  const n = pages.length;
  const alone = n >= 2 && pages[n - 1] > pages[n - 2];
  const doc = newDoc(meta);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  layOut(doc, meta, alone ? new Set([meta.questions[n - 2].n]) : new Set());
  const left = MARGIN.left;
  const width = doc.page.width - MARGIN.left - MARGIN.right;

  // Footers, now that the page count is known.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Writing below the bottom margin would make pdfkit open a new page: lift the margin first.
    doc.page.margins.bottom = 0;
    const y = doc.page.height - 36;
    doc.font('body').fontSize(8).fillColor('#555555');
    doc.text(`${meta.productName} · ${meta.title}`, left, y, { width: width - 110, lineBreak: false, ellipsis: true, height: 10 });
    doc.text(`Pagina ${i - range.start + 1} din ${range.count}`, left + width - 110, y, { width: 110, align: 'right', lineBreak: false });
  }
  doc.flushPages();
  doc.end();
  return done;
}
