// A pool thread (pool.ts): OpenCV is compiled once, when the thread starts, not per photo.
import { loadCv } from './opencv.ts';
import { readSheet } from './read-sheet.ts';
import type { ReadSheetOptions, SheetReading } from './types.ts';

await loadCv();

export default function read(task: { image: Uint8Array; opts: ReadSheetOptions }): Promise<SheetReading> {
  return readSheet(task.image, task.opts);
}
