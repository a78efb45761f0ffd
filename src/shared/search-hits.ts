// What a search hit shows of its texts (issue 30 §3), the same online (server/modules/search) and
// offline (src/offline/search): the statement whole up to a bound, the option or explanation that
// holds the most matched words as a window, a paragraph as a window. Ranges come from the shared
// highlight rules, so both sides mark the same words.
import { highlightRanges, snippet } from './search-rules.ts';
import type { BlockInput as Block } from './content-schema.ts';
import type { SearchGridHit, MarkedText } from './search-payloads.ts';

const LETTERS = ['A', 'B', 'C', 'D', 'E'] as const;
export const STATEMENT_MAX = 600;
export const PASSAGE_WIDTH = 240;

/** A grid's statement (bounded) and its best other match, marked. */
export function gridTexts(
  g: { statement: string; options: Record<string, string | undefined>; explanation: string | null },
  words: readonly string[],
): { statement: MarkedText; match: SearchGridHit['match'] } {
  const text = g.statement.length > STATEMENT_MAX ? `${g.statement.slice(0, STATEMENT_MAX)}…` : g.statement;
  let match: SearchGridHit['match'] = null;
  let best = 0;
  for (const letter of LETTERS) {
    const n = highlightRanges(g.options[letter] ?? '', words).length;
    if (n > best) {
      best = n;
      match = { field: 'option', letter, ...snippet(g.options[letter] ?? '', words) };
    }
  }
  const explanation = g.explanation ?? '';
  if (highlightRanges(explanation, words).length > best) match = { field: 'explanation', ...snippet(explanation, words) };
  return { statement: { text, ranges: highlightRanges(text, words) }, match };
}

/** A paragraph's window around its first match. */
export const passageText = (text: string, words: readonly string[]): MarkedText => snippet(text, words, PASSAGE_WIDTH);

/**
 * The text a reader sees in a block, as search_block_text() of migration 042 reads it on the
 * server: headings and paragraphs, list items, a table's caption and cells, a figure's alt and caption.
 */
export function blockText(b: Block): string {
  switch (b.type) {
    case 'ul':
    case 'ol':
      return b.items.join(' ');
    case 'table':
      return [b.caption, b.head.join(' '), b.rows.flat().join(' ')].filter((x) => x).join(' ');
    case 'img':
      return [b.alt, b.caption].filter((x) => x).join(' ');
    default:
      return 'text' in b && typeof b.text === 'string' ? b.text : '';
  }
}
