/**
 * The one definition of a test's total time (issue 11 §4.7), used by the server's results and
 * ranking and by the results computed on the device: the wall-clock time from start to finish
 * (finished_at − started_at), in whole seconds. Answer times do not add up to it (time on the
 * overview, between grids, and on grids left blank are not in them). 0 while unfinished.
 */
export function totalTimeS(t: { started_at: Date | string; finished_at: Date | string | null }): number {
  if (!t.finished_at) return 0;
  return Math.max(0, Math.round((+new Date(t.finished_at) - +new Date(t.started_at)) / 1000));
}
