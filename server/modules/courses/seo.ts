// Titles, descriptions and data of the public course pages for the web plugin: /cursuri,
// /cursuri/:manual, /cursuri/:manual/:chapter. The data is the API's answer for a visitor (the
// same service calls as GET /courses…), which the server renderer renders and embeds for hydration.
import type { Db } from '../../db/db.ts';
import type { PageMeta, PageMetaResolver } from '../../plugins/web.ts';
import { TITLE_SEPARATOR } from '../../../src/shared/routes.ts';
import { dataKeys } from '../../../src/ssr/keys.ts';
import * as service from './service.ts';

/** "Biologie clasa a XI-a — Anatomia și fiziologia omului" → "Biologie clasa a XI-a". */
export function shortManualTitle(title: string): string {
  return title.split(' — ')[0]!.trim();
}

const clip = (s: string, max = 160) => (s.length > max ? `${s.slice(0, max - 1).trimEnd()}…` : s);

const SEGMENT = /^[a-z0-9-]{1,100}$/;

export function coursesPageMeta(db: Db, product = 'Grilio'): PageMetaResolver {
  const title = (t: string) => `${t}${TITLE_SEPARATOR}${product}`;
  return async (path: string): Promise<PageMeta | undefined> => {
    const m = /^\/cursuri(?:\/([^/]+))?(?:\/([^/]+))?\/?$/.exec(path);
    if (!m) return undefined;
    const [, manualSlug, chapterSlug] = m;
    if (!manualSlug) {
      return {
        title: title('Cursuri de biologie și chimie pentru admiterea la medicină'),
        description:
          'Manualele de biologie și chimie organică pentru admiterea la medicină, pe capitole, cu grile explicate pentru fiecare lecție.',
        data: { [dataKeys.courses()]: await service.listCourses(db) },
      };
    }
    if (!SEGMENT.test(manualSlug) || (chapterSlug && !SEGMENT.test(chapterSlug))) return undefined;
    const manual = await db.one<{ id: number; title: string; description: string }>(
      'select id, title, description from manuals where slug = $1 and is_published',
      [manualSlug],
    );
    if (!manual) return undefined;
    if (!chapterSlug) {
      return {
        title: title(manual.title),
        description: clip(
          manual.description ||
            `Capitolele manualului ${manual.title}, cu teorie și grile pentru admiterea la medicină.`,
        ),
        data: { [dataKeys.course(manualSlug)]: await service.getCourse(db, manualSlug, null) },
      };
    }
    const chapter = await db.one<{ title: string; summary: string }>(
      'select title, summary from chapters where manual_id = $1 and slug = $2',
      [manual.id, chapterSlug],
    );
    if (!chapter) return undefined;
    return {
      title: title(`${chapter.title} — ${shortManualTitle(manual.title)}`),
      description: clip(chapter.summary || `${chapter.title}: teorie și grile pentru admiterea la medicină.`),
      data: { [dataKeys.chapter(manualSlug, chapterSlug)]: await service.getChapter(db, manualSlug, chapterSlug, null) },
    };
  };
}
