// /cautare?q=… (issue 30 §3): the results of the top bar's search, grids and chapter paragraphs,
// ranked by the server, matched words marked. A grid opens alone (/cautare/grila/:id); a paragraph
// opens its chapter there (#p-N). Premium hits for a free account are listed locked, with the offer.
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { Link } from '../../router/Link.tsx';
import { searchContent, type SearchGridHit, type SearchPassageHit, type SearchResponse } from '../../api/search.ts';
import { ApiError } from '../../api/errors.ts';
import { PageLoading } from '../../router/RoutePage.tsx';
import { LoadError } from '../courses/LoadError.tsx';
import { plural } from '../../shared/ro-count.ts';
import { SearchBox } from '../../shell/SearchBox.tsx';
import { Marked } from './search/Marked.tsx';
import { Icon } from '../../shell/icons.tsx';
import '../../styles/search.css';

function Place({ hit }: { hit: SearchGridHit | SearchPassageHit }) {
  return (
    <span className="search-hit__place">
      {hit.manual.title} › {hit.chapter.title}
    </span>
  );
}

function GridHit({ hit }: { hit: SearchGridHit }) {
  if (hit.locked)
    return (
      <li className="search-hit search-hit--locked">
        <Link to="/cont/premium" className="search-hit__link">
          <Icon name="lock" className="search-hit__lock" />Grilă Premium din „{hit.chapter.title}” — deblochează cu Premium
        </Link>
        <Place hit={hit} />
      </li>
    );
  return (
    <li className="search-hit">
      <Link to={`/cautare/grila/${hit.id}?manual=${hit.manual_id}${hit.answered ? '&rezolvata=1' : ''}`} className="search-hit__link">
        <Marked text={hit.statement!.text} ranges={hit.statement!.ranges} />
      </Link>
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

function PassageHit({ hit }: { hit: SearchPassageHit }) {
  if (hit.locked)
    return (
      <li className="search-hit search-hit--locked">
        <Link to="/cont/premium" className="search-hit__link">
          <Icon name="lock" className="search-hit__lock" />Capitol Premium: „{hit.chapter.title}” — deblochează cu Premium
        </Link>
        <Place hit={hit} />
      </li>
    );
  return (
    <li className="search-hit">
      <Link to={`/ai/cursuri/${hit.manual.slug}/${hit.chapter.slug}#p-${hit.block}`} className="search-hit__link">
        {hit.chapter.title}
      </Link>
      <p className="search-hit__match">
        <Marked text={hit.passage!.text} ranges={hit.passage!.ranges} />
      </p>
      <Place hit={hit} />
    </li>
  );
}

export default function Search() {
  const { search } = useLocation();
  const q = (new URLSearchParams(search).get('q') ?? '').trim();
  const [result, setResult] = useState<SearchResponse | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  useEffect(() => {
    let live = true;
    setResult(null);
    setError(null);
    if (!q) return;
    searchContent({ q })
      .then((r) => live && setResult(r))
      .catch((e: unknown) => live && setError(e instanceof ApiError ? e : new ApiError(null, { errors: { general: ['FORM_AN_ERROR_HAS_OCCURRED'] } })));
    return () => {
      live = false;
    };
  }, [q]);

  const total = result ? result.grids.length + result.passages.length : 0;
  return (
    <section className="page search-page" aria-labelledby="search-title">
      <header className="page-header">
        <h1 id="search-title">Căutare</h1>
        <p>Caută în enunțuri, variante, explicații și în textul capitolelor. Diacriticele nu contează, iar începutul unui cuvânt ajunge („nefr” găsește „nefronul”).</p>
      </header>
      <div className="search-page__box">
        <SearchBox label="Caută din nou" />
      </div>
      {q && !result && !error ? <PageLoading /> : null}
      {error ? <LoadError error={error} /> : null}
      <p className="search-page__status" role="status">
        {result
          ? total
            ? `Pentru „${result.q}”: ${plural(result.grids.length, 'grilă', 'grile')} și ${plural(result.passages.length, 'paragraf', 'paragrafe')} din capitole.`
            : `Nu am găsit nimic pentru „${result.q}”. Încearcă alte cuvinte sau doar începutul lor.`
          : ''}
      </p>
      {result && result.grids.length ? (
        <section aria-labelledby="search-grids">
          <h2 id="search-grids">Grile</h2>
          <ul className="search-hits">
            {result.grids.map((g) => (
              <GridHit key={g.id} hit={g} />
            ))}
          </ul>
        </section>
      ) : null}
      {result && result.passages.length ? (
        <section aria-labelledby="search-chapters">
          <h2 id="search-chapters">Din capitole</h2>
          <ul className="search-hits">
            {result.passages.map((p) => (
              <PassageHit key={`${p.chapter.id}-${p.block}`} hit={p} />
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}
