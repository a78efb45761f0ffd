// The geometry of Grilio's answer sheet, in PDF points (A4, origin top-left, y down). Pure data:
// the PDF (sheet-pdf.ts), the synthetic raster (synthetic-sheet.ts) and the reader all draw or
// measure from this one function, so they cannot drift apart.
//
// Registration: four ArUco markers (DICT_4X4_50, ids 0..3, clockwise from top-left). Unlike plain
// black squares, each marker says which corner it is (an upside-down or sideways photo reads the
// same) and its 4x4 code rejects the dark blobs a photo is full of (pen marks, shadows, a table's
// pattern); OpenCV's detector gives 4 sub-pixel corners per marker, 16 points for the homography.
import { SHEET_OPTIONS, type SheetOption } from './types.ts';

export const PAGE_W = 595.28;
export const PAGE_H = 841.89;
/** Distance of the markers from the page edge: inside what every office printer prints. */
const EDGE = 24;
/** Marker side: 6 cells (4x4 code + 1-cell black border) of 6 pt, 12.7 mm. */
export const MARKER_CELLS = 6;
export const MARKER_SIZE = 36;

/**
 * DICT_4X4_50 ids 0..3 with their border, row by row, '1' = white cell (from OpenCV's
 * generateImageMarker; the detector reads them back, see the synthetic tests).
 */
export const MARKER_BITS: Record<number, string[]> = {
  0: ['000000', '010110', '001010', '000110', '000100', '000000'],
  1: ['000000', '000000', '011110', '010010', '010100', '000000'],
  2: ['000000', '000110', '000110', '000100', '011010', '000000'],
  3: ['000000', '010010', '010010', '001000', '001100', '000000'],
};

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface MarkerPlace extends Box {
  id: number;
}

export interface EllipsePlace {
  option: SheetOption;
  cx: number;
  cy: number;
  /** Half-width and half-height. */
  rx: number;
  ry: number;
}

export interface QuestionPlace {
  n: number;
  /** Right edge and baseline centre of the printed number "n." */
  labelX: number;
  labelY: number;
  options: EllipsePlace[];
  /** The whole row (number and five ellipses) with a little air: the review crop. */
  row: Box;
}

export interface SheetLayout {
  width: number;
  height: number;
  markers: MarkerPlace[];
  qr: Box;
  /** Text block left of the QR code, between the top markers. */
  header: Box;
  /** Instructions line under the header. */
  instructions: Box;
  questions: QuestionPlace[];
  columns: number;
  rowsPerColumn: number;
}

// The grid: up to 40 rows per column and 5 columns for 200 questions. Ellipses 12.5 x 8.5 pt
// (4.4 x 3.0 mm) on a 17 pt pitch, rows 14.6 pt apart with a small gap after every 5 rows, which
// is how the centres' sheets help the eye keep its row.
export const ELLIPSE_RX = 6.25;
export const ELLIPSE_RY = 4.25;
const OPTION_PITCH = 17;
const ROW_PITCH = 14.6;
const GROUP_GAP = 4;
const LABEL_W = 22;
const COLUMN_W = 109;
const MAX_ROWS = 40;
const GRID_TOP = 156;
export const MIN_QUESTIONS = 2;
export const MAX_QUESTIONS = 200;
const QR_SIZE = 84;

export function sheetLayout(questionCount: number): SheetLayout {
  if (!Number.isInteger(questionCount) || questionCount < MIN_QUESTIONS || questionCount > MAX_QUESTIONS) {
    throw new RangeError(`questionCount must be ${MIN_QUESTIONS}..${MAX_QUESTIONS}`);
  }
  const m = MARKER_SIZE;
  const markers: MarkerPlace[] = [
    { id: 0, x: EDGE, y: EDGE, w: m, h: m },
    { id: 1, x: PAGE_W - EDGE - m, y: EDGE, w: m, h: m },
    { id: 2, x: PAGE_W - EDGE - m, y: PAGE_H - EDGE - m, w: m, h: m },
    { id: 3, x: EDGE, y: PAGE_H - EDGE - m, w: m, h: m },
  ];
  const qr: Box = { x: PAGE_W - EDGE - m - 12 - QR_SIZE, y: EDGE, w: QR_SIZE, h: QR_SIZE };
  const header: Box = { x: EDGE + m + 12, y: EDGE, w: qr.x - 12 - (EDGE + m + 12), h: QR_SIZE };
  const instructions: Box = {
    x: EDGE,
    y: EDGE + QR_SIZE + 8,
    w: PAGE_W - 2 * EDGE,
    h: GRID_TOP - 10 - (EDGE + QR_SIZE + 8),
  };

  const columns = Math.ceil(questionCount / MAX_ROWS);
  const rowsPerColumn = Math.ceil(questionCount / columns);
  const gridW = columns * COLUMN_W;
  const left = (PAGE_W - gridW) / 2;
  const questions: QuestionPlace[] = [];
  for (let i = 0; i < questionCount; i++) {
    const col = Math.floor(i / rowsPerColumn);
    const row = i % rowsPerColumn;
    const cy = GRID_TOP + row * ROW_PITCH + Math.floor(row / 5) * GROUP_GAP + ROW_PITCH / 2;
    const x0 = left + col * COLUMN_W;
    const options = SHEET_OPTIONS.map((option, k) => ({
      option,
      cx: x0 + LABEL_W + OPTION_PITCH * k + OPTION_PITCH / 2,
      cy,
      rx: ELLIPSE_RX,
      ry: ELLIPSE_RY,
    }));
    questions.push({
      n: i + 1,
      labelX: x0 + LABEL_W - 2,
      labelY: cy,
      options,
      row: { x: x0 + 1, y: cy - ROW_PITCH * 0.75, w: COLUMN_W - 2, h: ROW_PITCH * 1.5 },
    });
  }
  return {
    width: PAGE_W,
    height: PAGE_H,
    markers,
    qr,
    header,
    instructions,
    questions,
    columns,
    rowsPerColumn,
  };
}

/** The markers' corners in sheet points, clockwise from each marker's own top-left (as ArUco reports them). */
export function markerCorners(mk: MarkerPlace): [number, number][] {
  return [
    [mk.x, mk.y],
    [mk.x + mk.w, mk.y],
    [mk.x + mk.w, mk.y + mk.h],
    [mk.x, mk.y + mk.h],
  ];
}
