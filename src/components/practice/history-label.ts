// What names a test in the history (issue 23 §4, issue 32 §5): a simulation attempt carries the
// simulation's title (stored in the test's filters when it was started, server/modules/
// simulations/service.ts); a review, a weak-chapter test and a retest of wrong grids say so; a
// test of chosen chapters names them (up to three, from the chapters on the device) or counts them.
import type { ServerTest } from '../../shared/practice-payloads.ts';
import { plural } from './format.ts';

const ints = (v: unknown): number[] => (Array.isArray(v) ? v.filter((n): n is number => Number.isInteger(n)) : []);

export function testName(
  t: Pick<ServerTest, 'kind' | 'filters'>,
  chapterTitle: (id: number) => string | undefined = () => undefined,
): string | null {
  if (t.kind === 'simulation') {
    const title = t.filters.title;
    return typeof title === 'string' && title.trim() ? title.trim() : 'Simulare';
  }
  if (t.kind === 'review') return 'Recapitulare';
  if (t.kind === 'weak') return 'Test pe capitolele slabe';
  if (ints(t.filters.grid_ids).length) return 'Reluare: grilele greșite';
  const ids = ints(t.filters.chapter_ids);
  if (!ids.length) return null;
  const titles = ids.map(chapterTitle);
  if (ids.length <= 3 && titles.every(Boolean)) return titles.join(', ');
  return plural(ids.length, 'capitol', 'capitole');
}
