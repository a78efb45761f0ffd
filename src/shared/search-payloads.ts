// GET /search answers (issue 30 §3). A hit the viewer may not open (premium for a free user)
// carries only where it is (manual, chapter) and `locked: true`: no statement, option or
// paragraph text, as GET /grids/:id refuses such a grid and a locked chapter has no blocks.
import type { Range } from './search-rules.ts';

export type SearchPlace = {
  manual: { slug: string; title: string };
  chapter: { id: number; slug: string; title: string };
};

export type MarkedText = { text: string; ranges: Range[] };

export type SearchGridHit = SearchPlace & {
  id: number;
  manual_id: number;
  locked: boolean;
  /** The statement, whole (null when locked). */
  statement: MarkedText | null;
  /** Where else the words were found: an option or the explanation, as a window (null when locked or none). */
  match: (MarkedText & { field: 'option' | 'explanation'; letter?: string }) | null;
  /** The viewer has answered this grid before (its explanation may be shown). */
  answered: boolean;
};

export type SearchPassageHit = SearchPlace & {
  /** The block's index in the chapter: the page's anchor is `#p-{block}`. */
  block: number;
  locked: boolean;
  /** A window of the paragraph around the first match (null when locked). */
  passage: MarkedText | null;
};

export type SearchResponse = {
  q: string;
  /** The folded words searched for (what was highlighted). */
  words: string[];
  grids: SearchGridHit[];
  passages: SearchPassageHit[];
};
