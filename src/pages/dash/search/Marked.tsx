// Text with its matched words in <mark>, from the server's ranges: each piece is a React text node,
// so nothing in the content is ever read as HTML.
import { markedPieces, type Range } from '../../../shared/search-rules.ts';

export function Marked({ text, ranges }: { text: string; ranges: readonly Range[] }) {
  return (
    <>
      {markedPieces(text, ranges).map((p, i) => (p.mark ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>))}
    </>
  );
}
