// /cautare?q=… (issue 30 §3): the results of the top bar's search, grids and chapter paragraphs,
// ranked by the server, matched words marked. A grid opens alone (/cautare/grila/:id); a paragraph
// opens its chapter there (#p-N). Premium hits for a free account are listed locked, with the offer.
// Offline (or with the server unreachable) the same results come from the manuals downloaded on
// this device (src/offline/search), and the page says so. ?tip=grile|capitole narrows the kind.
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Link } from '../../router/Link.tsx';
import type { SearchGridHit, SearchPassageHit } from '../../api/search.ts';
import type { SearchKind } from '../../shared/search-rules.ts';
import { PageLoading } from '../../router/RoutePage.tsx';
import { LoadError } from '../courses/LoadError.tsx';
import { plural } from '../../shared/ro-count.ts';
import { SearchBox } from '../../shell/SearchBox.tsx';
import { GridHit, HitSection, PassageHit } from './search/Hits.tsx';
import { KindFilter, KIND_PARAM, kindOf, kindParam } from './search/KindFilter.tsx';
import { useSearchResults, type SearchResults } from './search/useSearchResults.ts';
import { startSearchEarly } from './search/run-search.ts';
import { afterPaint, nextAhead, settleAhead, showAhead, useAhead } from './search/ahead.ts';
import { Icon } from '../../shell/icons.tsx';
import '../../styles/search.css';

/** What the page says of its answer: the counts of the kinds searched, or that nothing was found. */
function statusText(r: SearchResults, kind: SearchKind): string {
  const total = r.grids.length + r.passages.length;
  if (!total) return `Nu am găsit nimic pentru „${r.q}”. Încearcă alte cuvinte sau doar începutul lor.`;
  const grids = plural(r.grids.length, 'grilă', 'grile');
  const passages = `${plural(r.passages.length, 'paragraf', 'paragrafe')} din capitole`;
  return `Pentru „${r.q}”: ${kind === 'grids' ? grids : kind === 'chapters' ? passages : `${grids} și ${passages}`}.`;
}

/** Offline, the truth about where the results come from, and what to do when nothing is downloaded. */
function DeviceNotice({ manuals }: { manuals: number }) {
  if (!manuals)
    return (
      <div className="search-device search-device--none" role="note">
        <p>
          <Icon name="phone" className="search-device__icon" />
          Fără internet, căutarea se face doar în manualele descărcate pe acest dispozitiv, iar acum nu ai niciun manual descărcat.
        </p>
        <p>
          <Link to="/ai/cursuri">Descarcă un manual din Cursuri</Link> cât ai internet, ca să-l poți căuta și offline.
        </p>
      </div>
    );
  return (
    <p className="search-device" role="note">
      <Icon name="phone" className="search-device__icon" />
      Rezultate din {manuals === 1 ? 'manualul descărcat' : `cele ${manuals} manuale descărcate`} pe acest dispozitiv: ești offline sau serverul nu răspunde.
    </p>
  );
}

/** How long a new query's wait shows the last results before the spinner replaces them. */
const SPINNER_AFTER_MS = 300;

/** True once `on` has stayed true for `ms` (false again as soon as it turns false). */
function useAfter(on: boolean, ms: number): boolean {
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (!on) return setLate(false);
    const timer = window.setTimeout(() => setLate(true), ms);
    return () => window.clearTimeout(timer);
  }, [on, ms]);
  return on && late;
}

/** A query typed here (from the page at address key `from`): searched, shown once answered, and the address changed after that paint (ahead.ts). */
function searchEarly(p: URLSearchParams, from: string): Promise<unknown> {
  const kind = kindOf(p);
  const seq = nextAhead();
  const href = window.location.href;
  return startSearchEarly((p.get('q') ?? '').trim(), kind).then(({ key, ...outcome }) => {
    // Too late once the address moved (the box opened the page after its wait, or the reader left).
    if (window.location.href !== href) return;
    showAhead(seq, { key, from, kind, outcome });
    return afterPaint();
  });
}
const gridKey = (g: SearchGridHit) => String(g.id);
const passageKey = (p: SearchPassageHit) => `${p.chapter.id}-${p.block}`;
const gridHit = (g: SearchGridHit) => <GridHit hit={g} />;
const passageHit = (p: SearchPassageHit) => <PassageHit hit={p} />;

export default function Search() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(search);
  const q = (params.get('q') ?? '').trim();
  const here = kindOf(params);
  const own = useSearchResults(q, here);
  // A query typed here shows as soon as it is answered, before the address names it.
  const ahead = useAhead();
  const early = ahead && ahead.from === own.wanted ? ahead : null;
  useEffect(() => settleAhead(own.wanted), [own.wanted]);
  const kind = early ? early.kind : here;
  const { result: shown, error: shownError, key: shownKey, pending } = early ? { ...early.outcome, key: early.key, pending: false } : own;
  // Another query's results stay until this one's arrive (marked busy); after SPINNER_AFTER_MS, or
  // when there is nothing to keep, the spinner shows. An error is only ever this query's.
  const slow = useAfter(pending, SPINNER_AFTER_MS);
  const result = pending && (slow || shownError) ? null : shown;
  const error = pending ? null : shownError;
  const setKind = (k: SearchKind) => {
    const next = new URLSearchParams(search);
    const v = kindParam(k);
    if (v) next.set(KIND_PARAM, v);
    else next.delete(KIND_PARAM);
    navigate(`/cautare?${next.toString()}`, { replace: true });
  };

  const empty = result?.source === 'device' && result.manuals === 0;
  // A new answer starts its sections again at the first page.
  const answerKey = `${shownKey}\n${result?.source ?? ''}`;
  return (
    <section className="page search-page" aria-labelledby="search-title" aria-busy={pending}>
      <header className="page-header">
        <h1 id="search-title">Căutare</h1>
        <p>Caută în enunțuri, variante, explicații și în textul capitolelor. Diacriticele nu contează, iar începutul unui cuvânt ajunge („nefr” găsește „nefronul”).</p>
      </header>
      <div className="search-page__box">
        <SearchBox label="Caută din nou" onSearch={(p) => searchEarly(p, own.wanted)} />
      </div>
      <KindFilter value={kind} onChange={setKind} />
      {pending && !result ? <PageLoading /> : null}
      {error ? <LoadError error={error} /> : null}
      {result?.source === 'device' ? <DeviceNotice manuals={result.manuals} /> : null}
      <p className="search-page__status" role="status">
        {result && !empty ? statusText(result, kind) : ''}
      </p>
      {result && result.grids.length ? (
        <HitSection key={`g${answerKey}`} id="search-grids" title="Grile" hits={result.grids} keyOf={gridKey} render={gridHit} />
      ) : null}
      {result && result.passages.length ? (
        <HitSection key={`p${answerKey}`} id="search-chapters" title="Din capitole" hits={result.passages} keyOf={passageKey} render={passageHit} />
      ) : null}
    </section>
  );
}
