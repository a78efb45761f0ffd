// A Chrome trace of the page's main thread summed per event name (BENCH_TRACE=1 in the phone
// benches): where a stretch of work went — style, layout, paint, script — without DevTools. Events
// nest (a FunctionCall holds the layout it forced), so the rows overlap; each is the total time
// spent inside events of that name on the renderer's main thread, divided by `per`.
import { writeFileSync } from 'node:fs';
import type { CDPSession } from '@playwright/test';

type TraceEvent = { name: string; ph: string; dur?: number; pid: number; tid: number; args?: { name?: string } };

const CATEGORIES = ['devtools.timeline', 'blink', 'v8.execute', 'disabled-by-default-devtools.timeline'];

export async function startTrace(cdp: CDPSession): Promise<() => Promise<{ name: string; ms: number }[]>> {
  const events: TraceEvent[] = [];
  const onData = (e: { value: unknown[] }) => events.push(...(e.value as TraceEvent[]));
  cdp.on('Tracing.dataCollected', onData);
  await cdp.send('Tracing.start', { transferMode: 'ReportEvents', traceConfig: { includedCategories: CATEGORIES } });
  return async () => {
    const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.end');
    await done;
    cdp.off('Tracing.dataCollected', onData);
    // BENCH_TRACE_FILE=<path>: the whole trace too, for chrome://tracing or Perfetto.
    if (process.env.BENCH_TRACE_FILE) writeFileSync(process.env.BENCH_TRACE_FILE, JSON.stringify({ traceEvents: events }));
    // The renderer's main thread: named CrRendererMain by a thread_name metadata event.
    const main = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
    const sums = new Map<string, number>();
    for (const e of events) {
      if (e.ph !== 'X' || !e.dur || !main.has(`${e.pid}:${e.tid}`)) continue;
      sums.set(e.name, (sums.get(e.name) ?? 0) + e.dur / 1000);
    }
    return [...sums].sort((a, b) => b[1] - a[1]).map(([name, ms]) => ({ name, ms }));
  };
}

/** The top rows of a summary, per unit of work (a query, a build), rounded to 0.1 ms. */
export const perUnit = (rows: { name: string; ms: number }[], per: number, top = 25) =>
  rows.slice(0, top).map((r) => `${r.name} ${(r.ms / per).toFixed(1)}`);
