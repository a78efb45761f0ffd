// The one shape a grid has in API answers. Answers (correct letters, explanation, photo) are
// left out — `locked: true` — when the grid is premium and the viewer is not.
import type { Viewer } from '../content/viewer.ts';
import type { GridOut } from '../../../src/shared/grid-schema.ts';

export type GridRow = {
  id: number;
  key: string | null;
  chapter_id: number;
  type: 'CS' | 'CM' | 'CG';
  statement: string;
  options: Record<string, string>;
  correct: string[];
  explanation: string;
  explanation_photo_path: string | null;
  difficulty: 'easy' | 'hard';
  source: string;
  is_premium: boolean;
  is_published: boolean;
  author_id: number | null;
  created_at: string | Date;
  updated_at: string | Date;
};

export const GRID_COLUMNS = `g.id, g.key, g.chapter_id, g.type, g.statement, g.options, g.correct, g.explanation,
  g.explanation_photo_path, g.difficulty, g.source, g.is_premium, g.is_published, g.author_id, g.created_at, g.updated_at`;

export type { GridOut };

const iso = (d: string | Date) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

export function photoUrl(path: string | null): string | null {
  return path ? `/media/grids/${path}` : null;
}

export function serializeGrid(g: GridRow, viewer: Viewer, opts: { forceAnswers?: boolean } = {}): GridOut {
  const locked = !opts.forceAnswers && g.is_premium && !viewer?.premium && g.author_id !== viewer?.id;
  return {
    id: g.id,
    chapter_id: g.chapter_id,
    type: g.type,
    statement: g.statement,
    options: g.options,
    correct: locked ? null : g.correct,
    explanation: locked ? null : g.explanation,
    explanation_photo_url: locked ? null : photoUrl(g.explanation_photo_path),
    difficulty: g.difficulty,
    source: g.source,
    premium: g.is_premium,
    published: g.is_published,
    mine: viewer !== null && g.author_id === viewer.id,
    locked,
    updated_at: iso(g.updated_at),
  };
}
