// A grid found by the search, read from the device copy of its manual (issue 30 §3): what
// /cautare/grila/:id shows offline or with the server unreachable, as GET /grids/:id would.
import { db } from '../db.ts';
import { ApiError } from '../../api/errors.ts';
import type { GridOut } from '../../shared/grid-schema.ts';

const refuse = (code: string) => new ApiError(null, { errors: { general: [code] } });

/** The grid as GridOut; FORM_NETWORK_REQUIRED when it is not on the device, FORM_PREMIUM_GRIDS_ONLY when locked for a free account. */
export async function deviceGrid(id: number, premium: boolean): Promise<GridOut> {
  const g = Number.isInteger(id) && id > 0 ? await db.grids.get(id) : undefined;
  const m = g ? await db.manuals.get(g.manual_id) : undefined;
  if (!g || !m?.downloaded_at) throw refuse('FORM_NETWORK_REQUIRED');
  if (g.premium && !premium) throw refuse('FORM_PREMIUM_GRIDS_ONLY');
  return {
    id: g.id,
    chapter_id: g.chapter_id,
    type: g.type,
    statement: g.statement,
    options: g.options,
    correct: g.correct,
    explanation: g.explanation,
    explanation_photo_url: g.explanation_photo,
    difficulty: g.difficulty,
    source: '',
    premium: g.premium,
    published: true,
    mine: false,
    locked: false,
    updated_at: m.downloaded_at,
  };
}
