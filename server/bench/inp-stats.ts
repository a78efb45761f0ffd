// Interaction to Next Paint from Event Timing entries, for the solve screen's bench (solve-inp.ts).
// An interaction is every event entry sharing one interactionId (pointerdown, pointerup, click,
// change…); its latency is the longest of them, as web-vitals and Chromium compute INP. The bench
// notes the time just before each action it performs (a mark); the interactions that start after
// a mark and before the next one are that action's, and the action's latency is their longest.
// Entries under the observer's 16 ms threshold are never reported, so an action with no entry
// counts as 16 ms: an upper bound, shown apart ("under 16 ms") in the table.

export type EventEntry = { name: string; interactionId: number; startTime: number; duration: number; processingStart: number; processingEnd: number };
export type Mark = { kind: string; at: number };
export type ActionLatency = {
  kind: string;
  /** ms, Event Timing's duration (start of input to the next paint, in 8 ms steps). */
  duration: number;
  /** No entry reached the 16 ms threshold. */
  under: boolean;
  /** Of the longest entry: input delay, event handlers, and from their end to the paint. */
  inputDelay: number;
  processing: number;
  presentation: number;
};

export const THRESHOLD_MS = 16;

export function actionLatencies(entries: readonly EventEntry[], marks: readonly Mark[]): ActionLatency[] {
  const sorted = [...marks].sort((a, b) => a.at - b.at);
  return sorted.map((m, i) => {
    const end = sorted[i + 1]?.at ?? Infinity;
    const mine = entries.filter((e) => e.interactionId > 0 && e.startTime >= m.at && e.startTime < end);
    const longest = mine.reduce<EventEntry | null>((best, e) => (!best || e.duration > best.duration ? e : best), null);
    if (!longest) return { kind: m.kind, duration: THRESHOLD_MS, under: true, inputDelay: 0, processing: 0, presentation: 0 };
    return {
      kind: m.kind,
      duration: longest.duration,
      under: false,
      inputDelay: longest.processingStart - longest.startTime,
      processing: longest.processingEnd - longest.processingStart,
      presentation: longest.startTime + longest.duration - longest.processingEnd,
    };
  });
}

/** Nearest-rank percentile (p in 0–100) of a non-empty list. */
export function percentile(xs: readonly number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.max(0, Math.ceil((p / 100) * s.length) - 1)]!;
}

export type Summary = { n: number; under: number; p50: number; p75: number; p98: number; max: number; inputDelay: number; processing: number; presentation: number };

export function summarize(xs: readonly ActionLatency[]): Summary | null {
  if (!xs.length) return null;
  const d = xs.map((x) => x.duration);
  const measured = xs.filter((x) => !x.under);
  const mean = (f: (x: ActionLatency) => number) => (measured.length ? measured.reduce((a, x) => a + f(x), 0) / measured.length : 0);
  return {
    n: xs.length,
    under: xs.length - measured.length,
    p50: percentile(d, 50),
    p75: percentile(d, 75),
    p98: percentile(d, 98),
    max: Math.max(...d),
    inputDelay: mean((x) => x.inputDelay),
    processing: mean((x) => x.processing),
    presentation: mean((x) => x.presentation),
  };
}

const ms = (x: number, under = false) => `${under ? '≤' : ''}${Math.round(x)}`.padStart(5);

/** One table line: phase, kind, count, percentiles (ms), and the mean split of the measured ones. */
export function summaryLine(phase: string, kind: string, s: Summary | null): string {
  if (!s) return `${phase.padEnd(8)} ${kind.padEnd(7)}     0`;
  const split = `${Math.round(s.inputDelay)} / ${Math.round(s.processing)} / ${Math.round(s.presentation)}`;
  return `${phase.padEnd(8)} ${kind.padEnd(7)} ${String(s.n).padStart(5)} ${String(s.under).padStart(7)} ${ms(s.p50, s.p50 <= THRESHOLD_MS)} ${ms(s.p75, s.p75 <= THRESHOLD_MS)} ${ms(s.p98, s.p98 <= THRESHOLD_MS)} ${ms(s.max, s.max <= THRESHOLD_MS)}   ${split}`;
}

export const SUMMARY_HEADER = `${'phase'.padEnd(8)} ${'kind'.padEnd(7)} ${'n'.padStart(5)} ${'<16 ms'.padStart(7)} ${'p50'.padStart(5)} ${'p75'.padStart(5)} ${'p98'.padStart(5)} ${'max'.padStart(5)}   mean delay / handlers / paint (ms)`;
