// What names a test in the history (issue 23 §4): a simulation attempt carries the simulation's
// title (stored in the test's filters when it was started, server/modules/simulations/service.ts),
// so the candidate can tell which paper it was; other tests are named by their date only.
import type { ServerTest } from '../../shared/practice-payloads.ts';

export function testName(t: Pick<ServerTest, 'kind' | 'filters'>): string | null {
  if (t.kind !== 'simulation') return null;
  const title = t.filters.title;
  return typeof title === 'string' && title.trim() ? title.trim() : 'Simulare';
}
