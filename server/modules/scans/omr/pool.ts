// Sheet reading off the main thread: a piscina pool of min(2, cores) workers, each with its own
// OpenCV (WebAssembly is single-threaded, and one photo takes a core for most of a second; the
// API's event loop must not wait on it). The pool starts on first use and its threads stay warm.
import { availableParallelism } from 'node:os';
import Piscina from 'piscina';
import type { ReadSheetOptions, SheetReading } from './types.ts';

let pool: Piscina | undefined;
let configured: number | undefined;

export function sheetPoolSize(): number {
  return configured ?? Math.max(1, Math.min(2, availableParallelism()));
}

/** Overrides the default size (config SCAN_THREADS); takes effect when the pool next starts. */
export function setSheetPoolSize(threads: number | undefined): void {
  configured = threads && threads > 0 ? Math.floor(threads) : undefined;
}

function getPool(): Piscina {
  if (!pool) {
    const size = sheetPoolSize();
    pool = new Piscina({
      filename: new URL('./worker.ts', import.meta.url).href,
      minThreads: size,
      maxThreads: size,
      idleTimeout: 60_000,
      // A queue bound: the scan queue in front of this feeds it a few photos at a time.
      maxQueue: 64,
    });
  }
  return pool;
}

/** Starts the workers (and their OpenCV) ahead of the first photo. */
export function warmSheetPool(): void {
  getPool();
}

export function readSheetInPool(image: Uint8Array, opts: ReadSheetOptions): Promise<SheetReading> {
  return getPool().run({ image, opts: { questionCount: opts.questionCount } });
}

export async function closeSheetPool(): Promise<void> {
  const p = pool;
  pool = undefined;
  if (p) await p.destroy();
}
