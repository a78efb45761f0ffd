// The hits of /cautare (issue 30 §3), made cheap to render on a phone: each hit is a plain <a> with
// a real href (no router hooks per hit: the app's Link subscribes every link to the location) and
// one click handler on the list navigates in the app; a section shows its first PAGE hits and
// „Mai multe rezultate” the rest, with the focus on the first one it added. Marked words stay
// <mark> text nodes, the rest plain text nodes.
import { Fragment, memo, useLayoutEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { isPlainLeftClick } from '../../../router/Link.tsx';
import type { SearchGridHit, SearchPassageHit } from '../../../api/search.ts';
import { markedPieces, type Range } from '../../../shared/search-rules.ts';
import { Icon } from '../../../shell/icons.tsx';

/** Hits a section shows before „Mai multe rezultate”. */
export const HITS_PAGE = 10;

function Marked({ text, ranges }: { text: string; ranges: readonly Range[] }) {
  return (
    <>
      {markedPieces(text, ranges).map((p, i) => (p.mark ? <mark key={i}>{p.text}</mark> : <Fragment key={i}>{p.text}</Fragment>))}
    </>
  );
}

function Place({ hit }: { hit: SearchGridHit | SearchPassageHit }) {
  return (
    <span className="search-hit__place">
      {hit.manual.title} › {hit.chapter.title}
    </span>
  );
}

function Locked({ hit, what }: { hit: SearchGridHit | SearchPassageHit; what: ReactNode }) {
  return (
    <li className="search-hit search-hit--locked">
      <a href="/cont/premium" className="search-hit__link">
        <Icon name="lock" className="search-hit__lock" />
        {what} — deblochează cu Premium
      </a>
      <Place hit={hit} />
    </li>
  );
}

export function GridHit({ hit }: { hit: SearchGridHit }) {
  if (hit.locked) return <Locked hit={hit} what={`Grilă Premium din „${hit.chapter.title}”`} />;
  return (
    <li className="search-hit">
      <a href={`/cautare/grila/${hit.id}?manual=${hit.manual_id}${hit.answered ? '&rezolvata=1' : ''}`} className="search-hit__link">
        <Marked text={hit.statement!.text} ranges={hit.statement!.ranges} />
      </a>
      {hit.match ? (
        <p className="search-hit__match">
          <span className="search-hit__field">{hit.match.field === 'option' ? `Varianta ${hit.match.letter}: ` : 'Explicație: '}</span>
          <Marked text={hit.match.text} ranges={hit.match.ranges} />
        </p>
      ) : null}
      <Place hit={hit} />
      {hit.answered ? <span className="ctag">Rezolvată deja</span> : null}
    </li>
  );
}

export function PassageHit({ hit }: { hit: SearchPassageHit }) {
  if (hit.locked) return <Locked hit={hit} what={`Capitol Premium: „${hit.chapter.title}”`} />;
  return (
    <li className="search-hit">
      <a href={`/ai/cursuri/${hit.manual.slug}/${hit.chapter.slug}#p-${hit.block}`} className="search-hit__link">
        {hit.chapter.title}
      </a>
      <p className="search-hit__match">
        <Marked text={hit.passage!.text} ranges={hit.passage!.ranges} />
      </p>
      <Place hit={hit} />
    </li>
  );
}

type SectionProps<T> = { id: string; title: string; hits: readonly T[]; keyOf: (h: T) => string; render: (h: T) => ReactNode };

/** One kind's hits: a labelled region, the first page, and the rest on demand. Pass a new `key` per answer. */
function HitSectionInner<T>({ id, title, hits, keyOf, render }: SectionProps<T>) {
  const navigate = useNavigate();
  const [all, setAll] = useState(false);
  const list = useRef<HTMLUListElement>(null);
  const focusFrom = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (focusFrom.current === null) return;
    list.current?.children[focusFrom.current]?.querySelector('a')?.focus();
    focusFrom.current = null;
  }, [all]);
  const shown = all ? hits : hits.slice(0, HITS_PAGE);
  const onClick = (e: MouseEvent<HTMLUListElement>) => {
    const a = (e.target as Element).closest('a');
    if (!a || e.defaultPrevented || !isPlainLeftClick(e, a.target || undefined)) return;
    e.preventDefault();
    void navigate(a.getAttribute('href')!);
  };
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul className="search-hits" ref={list} onClick={onClick}>
        {shown.map((h) => (
          <Fragment key={keyOf(h)}>{render(h)}</Fragment>
        ))}
      </ul>
      {shown.length < hits.length ? (
        <button
          type="button"
          className="btn btn--ghost search-more"
          onClick={() => {
            focusFrom.current = shown.length;
            setAll(true);
          }}
        >
          Mai multe rezultate (încă {hits.length - shown.length})
        </button>
      ) : null}
    </section>
  );
}

export const HitSection = memo(HitSectionInner) as typeof HitSectionInner;
