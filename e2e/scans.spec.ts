// A simulation on paper (issue 9 §3), in Chromium against the real server, queue and reader:
// download the answer sheet PDF, upload a photo that is not the sheet (its Romanian error), a photo of
// the candidate's own sheet of another simulation (refused as such), then a
// photo of the filled sheet with one faint mark; the reading arrives live, the candidate confirms
// the uncertain row on the crop, and gets the graded result with rank; the history marks it
// 'pe hârtie' and the notification leads back. Then (issue 22) the question booklet PDF and the
// session clock under Playwright's clock: start once, reload, 10 minutes left, time up.
// SCAN_SHOTS=dir saves 390/1280 px, light and dark.
import { PDFParse } from 'pdf-parse';
import sharp from 'sharp';
import { test, expect } from './fixtures.ts';
import { registerAccount, shoot } from './helpers.ts';
import { degrade, renderSyntheticSheet, type SyntheticMark } from '../server/modules/scans/omr/synthetic.ts';

// The Galați demo paper: simulations.spec.ts ranks its own candidate first on Timișoara's.
const GALATI = '3b0c5a52-2f0e-4d0b-8a8e-6f7e1c2d9a02'; // server/db/seed/simulations.ts
const TIMISOARA = '3b0c5a52-2f0e-4d0b-8a8e-6f7e1c2d9a01';
const shots = process.env.SCAN_SHOTS;


/** A phone photo of the sheet: pen marks on rows 1–30 (A, C) and 61–70 (B), faint E marks on rows 5–7. */
async function filledSheetPhoto(sheetId: string, questionCount: number): Promise<Buffer> {
  const marks: SyntheticMark[] = [];
  for (let n = 1; n <= 30; n++) marks.push({ n, option: 'A', kind: 'pen' }, { n, option: 'C', kind: 'pen' });
  for (let n = 61; n <= 70; n++) marks.push({ n, option: 'B', kind: 'pen' });
  for (const n of [5, 6, 7]) marks.push({ n, option: 'E', kind: 'light' });
  const meta = { sheetId, questionCount, productName: 'Grilio', title: 'Simulare Galați', centreName: 'Galați', candidateName: 'Ana' };
  const clean = await renderSyntheticSheet(meta, marks, 1700, 5);
  return degrade(clean, { seed: 5, width: 2000, height: 2600, rotation: -4, perspective: 0.04, blur: 0.7, gradient: 0.25, shadow: 0.2, noise: 3, jpegQuality: 82 });
}

test('paper simulation: print the sheet, photograph it, confirm the uncertain row, see the grade and rank', async ({ page }) => {
  test.setTimeout(shots ? 300_000 : 180_000);
  await registerAccount(page, 'Ana Hârtie');
  await page.goto('/teste/simulare/centre');
  await page.getByLabel('Centrul universitar').selectOption('galati');
  await page.getByLabel('Materiile').selectOption('biologie,chimie');
  const card = page.locator('.sim-card', { hasText: 'Simulare Galați — model 2026' });
  const questionCount = Number(/(\d+) întrebări/.exec(await card.locator('.sim-card__meta').innerText())?.[1]);
  expect(questionCount).toBeGreaterThan(70);
  await card.getByRole('link', { name: 'Rezolvă pe hârtie' }).click();
  await expect(page).toHaveURL(`/teste/simulare/foaie/${GALATI}`);
  await expect(page.getByRole('heading', { name: 'Simulare pe hârtie' })).toBeVisible();
  await expect(page.getByText('Simulare Galați — model 2026')).toBeVisible();
  await shoot(page, shots, 'sheet-page');

  // 1. The PDF: an A4 sheet whose text names the candidate's sheet id (also in its QR code).
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descarcă foaia (PDF)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^foaie-raspuns-.*\.pdf$/);
  const pdf = await (await download.createReadStream()).toArray().then((c) => Buffer.concat(c as Buffer[]));
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const parsed = new PDFParse({ data: new Uint8Array(pdf) });
  const text = (await parsed.getText()).text;
  // The sheet's UUID is in its QR code (and the PDF's metadata); people read its short code, on the
  // sheet and on the page alike (issue 32 §3).
  const sheetId = String((await parsed.getInfo()).info.Subject);
  expect(sheetId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  expect(text).not.toContain(sheetId);
  const code = /Foaia nr\. ([0-9A-Z]{4}-[0-9A-Z]{4}) · /.exec(text)?.[1];
  expect(code, text.slice(0, 400)).toBeTruthy();
  await expect(page.getByTestId('sheet-code')).toContainText(`Numărul foii tale: ${code}`);
  await shoot(page, shots, 'sheet-code', '.sheet-steps');

  // 2. A photo of something else: read off the request path, refused with its Romanian reason.
  const table = await sharp({ create: { width: 1200, height: 1600, channels: 3, background: '#a58b62' } }).jpeg().toBuffer();
  const input = page.getByLabel('Alege fotografiile foii');
  await input.setInputFiles({ name: 'masa.jpg', mimeType: 'image/jpeg', buffer: table });
  await page.getByRole('button', { name: 'Trimite foaia' }).click();
  await expect(page.getByText('Foaia a fost trimisă la procesare.')).toBeVisible();
  await expect(page.locator('.scan-status')).toContainText('Nu am găsit cele patru marcaje din colțurile foii', { timeout: 60_000 });

  // 2b. The candidate's own sheet of another simulation (issue 22): read, then refused, saying which it is.
  await page.goto(`/teste/simulare/foaie/${TIMISOARA}`);
  const otherDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descarcă foaia (PDF)' }).click();
  const otherPdf = await (await (await otherDownload).createReadStream()).toArray().then((c) => Buffer.concat(c as Buffer[]));
  const otherParsed = new PDFParse({ data: new Uint8Array(otherPdf) });
  const otherText = (await otherParsed.getText()).text;
  const other = [String((await otherParsed.getInfo()).info.Subject), /· (\d+) (?:de )?întrebări/.exec(otherText)?.[1]];
  expect(other[0], otherText.slice(0, 400)).not.toBe(sheetId);
  await page.goto(`/teste/simulare/foaie/${GALATI}`);
  await input.setInputFiles({ name: 'alta.jpg', mimeType: 'image/jpeg', buffer: await filledSheetPhoto(other[0]!, Number(other[1])) });
  await page.getByRole('button', { name: 'Trimite foaia' }).click();
  await expect(page.locator('.scan-status')).toContainText('Foaia din fotografie aparține altei simulări', { timeout: 60_000 });
  await shoot(page, shots, 'sheet-wrong', '.scan-status');

  // 3. The filled sheet, sent during a session on the page's clock: read, one row uncertain, shown with its crop.
  await page.getByRole('button', { name: 'Pornește cronometrul' }).click();
  await page.getByRole('button', { name: 'Da, pornește' }).click();
  await expect(page.getByRole('timer')).toContainText('Timp rămas');
  await input.setInputFiles({ name: 'foaie.jpg', mimeType: 'image/jpeg', buffer: await filledSheetPhoto(sheetId!, questionCount) });
  await page.getByRole('button', { name: 'Trimite foaia' }).click();
  const review = page.locator('.scan-review');
  await expect(review).toBeVisible({ timeout: 90_000 });
  // The rows with a faint E come back (a heavy one may have been read as marked): A and C were sure.
  const row = review.locator('.scan-review__row').first();
  await expect(row.locator('.scan-review__label')).toHaveText(/^Întrebarea [567]$/);
  await expect(row.getByRole('img', { name: /^Rândul [567] din fotografie$/ })).toBeVisible();
  await expect(row.getByRole('checkbox', { name: 'A' })).toBeChecked();
  await expect(row.getByRole('checkbox', { name: 'C' })).toBeChecked();
  await expect(row.getByRole('checkbox', { name: 'E' })).not.toBeChecked();
  await shoot(page, shots, 'sheet-review');
  // A second upload while this one waits for the review is not possible.
  await expect(page.getByRole('button', { name: 'Trimite foaia' })).toBeDisabled();
  // The faint E marks were not meant: the candidate leaves them out and confirms.
  await page.getByRole('button', { name: 'Confirmă și vezi nota' }).click();
  await expect(page.locator('.scan-status')).toContainText('Foaia a fost corectată.');
  // One way to the result: the graded notice at the top (the session clock ran), not a second one in the scan's card.
  await expect(page.getByRole('link', { name: 'Vezi rezultatul' })).toHaveCount(1);
  await page.locator('.sheet-graded').getByRole('link', { name: 'Vezi rezultatul' }).click();
  await expect(page).toHaveURL(/\/teste\/[0-9a-f-]{36}\/rezultate$/);
  const result = page.locator('.sim-result');
  // The ranked block follows the outbox and the server's result (simulations.spec.ts: past 10 s in CI).
  await expect(result).toContainText('Simulare Galați — model 2026', { timeout: 30_000 });
  await expect(result.getByTestId('sim-rank')).toHaveText(/^\d+ din \d+$/);
  // The tables per subject and chapter say what each figure counts (issue 32 §3).
  const chapters = result.locator('table.sim-breakdown', { hasText: 'Pe capitole' });
  await expect(chapters.locator('thead th')).toHaveText(['Capitolul', 'Puncte obținute', 'Grile corecte']);
  await expect(chapters.locator('tbody td').first()).toHaveText(/^\d+(,\d+)? din \d+(,\d+)?$/);
  await shoot(page, shots, 'sim-breakdown', 'table.sim-breakdown >> nth=1 >> caption');

  // The sheet's page says it was graded, and the session clock, started before, has stopped (issue 32 §3).
  await page.goto(`/teste/simulare/foaie/${GALATI}`);
  await expect(page.locator('.sheet-graded')).toContainText('Foaia ta a fost corectată.');
  await expect(page.locator('.sheet-graded').getByRole('link', { name: 'Vezi rezultatul' })).toHaveAttribute('href', /\/teste\/[0-9a-f-]{36}\/rezultate$/);
  const stopped = page.getByRole('timer');
  await expect(stopped).toContainText('Cronometru oprit');
  await expect(stopped).toContainText('când ai trimis foaia');
  const shown = await stopped.locator('.paper-clock__time').innerText();
  await expect(page.getByRole('button', { name: 'Pregătește o sesiune nouă' })).toBeVisible();
  await shoot(page, shots, 'sheet-graded');
  // A reload keeps it stopped at the same figure (a running clock would have moved on by now).
  await page.reload();
  await expect(page.getByRole('timer')).toContainText('Cronometru oprit');
  await expect(page.getByRole('timer').locator('.paper-clock__time')).toHaveText(shown);
  await expect(page.locator('.sheet-graded')).toContainText('cronometrul s-a oprit');

  // The history says where it was solved; the notification of the reading leads to the sheet page.
  await page.goto('/teste/istoric');
  await expect(page.locator('.history-item').first()).toContainText('pe hârtie');
  await page.goto('/notificari');
  await expect(page.getByText('Foaia de răspuns a fost citită')).toBeVisible();
  await expect(page.getByText('Foaia de răspuns nu a putut fi citită')).toBeVisible();
});

test('paper simulation: the question booklet, and the session clock that starts once, survives a reload and ends', async ({ page }) => {
  test.setTimeout(shots ? 240_000 : 120_000);
  await registerAccount(page, 'Toma Ceasornic');
  // The page's clock under the test's hand (Date and timers): hours pass in a moment.
  await page.clock.install({ time: new Date('2026-11-26T09:00:00+02:00') });
  await page.goto(`/teste/simulare/foaie/${GALATI}`);
  await expect(page.getByText('Simulare Galați — model 2026')).toBeVisible();

  // The booklet: the paper's grids in exam order, options A–E, centre, time allowed, numbered pages.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descarcă subiectele (PDF)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`subiecte-${GALATI.slice(0, 8)}.pdf`);
  const pdf = await (await download.createReadStream()).toArray().then((c) => Buffer.concat(c as Buffer[]));
  const text = (await new PDFParse({ data: new Uint8Array(pdf) }).getText()).text.replace(/\s+/g, ' ');
  expect(text).toContain('Simulare Galați — model 2026');
  expect(text).toContain('Centru: Universitatea „Dunărea de Jos” Galați');
  expect(text).toContain('Timp de lucru: 3 ore (180 de minute)');
  expect(text).toMatch(/Biologie — întrebările 1–\d+/);
  expect(text).toContain('1. ');
  expect(text).toContain('E. ');
  const pages = Number(/Pagina 1 din (\d+)/.exec(text)?.[1]);
  expect(pages).toBeGreaterThan(1);

  // The clock: the paper's time, started once after a confirmation; no way to pause or stop it.
  const step = page.locator('.sheet-step', { hasText: 'Rezolvă și completează' });
  await expect(step).toContainText('Timp de lucru la această simulare: 3 ore');
  await expect(step).toContainText('Serverul nu află când ai început');
  await step.getByRole('button', { name: 'Pornește cronometrul' }).click();
  await step.getByRole('button', { name: 'Încă nu' }).click();
  await expect(page.getByRole('timer')).toHaveCount(0);
  await step.getByRole('button', { name: 'Pornește cronometrul' }).click();
  await step.getByRole('button', { name: 'Da, pornește' }).click();
  const clock = page.getByRole('timer');
  await expect(clock).toContainText(/^Timp rămas\s*(3:00:00|2:59:5\d)/);
  await expect(clock).toContainText('se termină la 12:00');
  await expect(step.getByRole('button')).toHaveCount(0);
  await page.clock.fastForward('01:00:00');
  await expect(clock).toContainText(/1:59:[0-5]\d|2:00:00/);
  await shoot(page, shots, 'paper-timer-running', '.page > .paper-timer');

  // A reload keeps counting from the same start.
  await page.reload();
  await expect(page.getByRole('timer')).toContainText(/1:59:[0-5]\d|2:00:00/);
  await expect(page.getByRole('button', { name: 'Pornește cronometrul' })).toHaveCount(0);

  // Ten minutes before the end, then the end: said aloud (alerts) and shown; stop writing.
  await page.clock.fastForward('01:50:30');
  await expect(page.getByRole('alert').filter({ hasText: 'Au mai rămas mai puțin de 10 minute' })).toBeVisible();
  await shoot(page, shots, 'paper-timer-last', '.page > .paper-timer');
  await page.clock.fastForward('00:10:00');
  await expect(page.getByRole('alert').filter({ hasText: 'Timpul s-a terminat: oprește-te din scris' })).toBeVisible();
  await expect(page.getByRole('timer')).toContainText('0:00');
  await expect(page.getByRole('timer')).toContainText('s-a terminat la 12:00');
  await shoot(page, shots, 'paper-timer-over', '.page > .paper-timer');
  // Once over, a new session may be prepared (for solving the paper again another day).
  await page.getByRole('button', { name: 'Pregătește o sesiune nouă' }).click();
  await expect(page.getByRole('button', { name: 'Pornește cronometrul' })).toBeVisible();
});
