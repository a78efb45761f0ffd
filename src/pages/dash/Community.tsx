// /ai/comunitate (issue 7 §5): two tabs — the discussions across grids and chapters, and
// 'decide the future' (?tab=viitorul-{product}, the slug of the product name as in the navbar).
// ?grila={id} shows one grid's whole discussion (where reply notifications lead).
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '../../router/Link.tsx';
import { getGrid } from '../../api/grids.ts';
import { useProduct } from '../../shell/useProduct.ts';
import { communityFutureTab } from '../../shell/nav.ts';
import { NetworkRequired } from '../../shell/pwa/NetworkRequired.tsx';
import { CommentThread } from '../../components/community/CommentThread.tsx';
import { ThreadsTab } from './community/ThreadsTab.tsx';
import { ProposalsTab } from './community/ProposalsTab.tsx';
import '../../styles/forms.css';
import '../../components/community/community.css';
import './community/community-page.css';

/**
 * The grid above its discussion: the statement and its options, as the people discussing it saw
 * them (issue 23 §3); nothing when the viewer may not read it (the thread says why).
 */
function GridStatement({ id }: { id: number }) {
  const [grid, setGrid] = useState<{ statement: string; options: Record<string, string> } | null>(null);
  useEffect(() => {
    let alive = true;
    getGrid(id).then(
      (r) => alive && setGrid({ statement: r.grid.statement, options: r.grid.options }),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [id]);
  if (!grid) return null;
  return (
    <div className="community-grid-statement card" data-testid="community-grid">
      <p>{grid.statement}</p>
      <ol className="community-grid-options" aria-label="Variantele de răspuns">
        {Object.entries(grid.options).map(([letter, text]) => (
          <li key={letter}>
            <strong>{letter}.</strong> {text}
          </li>
        ))}
      </ol>
    </div>
  );
}

function CommunityPage() {
  const product = useProduct();
  const [params] = useSearchParams();
  const futureTab = communityFutureTab(product);
  const future = params.get('tab') === futureTab;
  const grid = params.get('grila');
  const gridId = grid && /^[1-9][0-9]{0,9}$/.test(grid) ? Number(grid) : null;

  return (
    <section className="page community-page" aria-labelledby="community-title">
      <header className="page-header">
        <h1 id="community-title">Comunitate</h1>
        <p>Întreabă, explică și votează: discuțiile de sub grile și capitole, plus ideile pentru {product}.</p>
      </header>
      <nav className="community-tabs" aria-label="Secțiunile comunității">
        <Link to="/ai/comunitate" className={`community-tabs__tab${!future ? ' is-active' : ''}`} aria-current={!future ? 'page' : undefined}>
          Discuții
        </Link>
        <Link to={`/ai/comunitate?tab=${futureTab}`} className={`community-tabs__tab${future ? ' is-active' : ''}`} aria-current={future ? 'page' : undefined}>
          Decide viitorul {product}
        </Link>
      </nav>
      {future ? (
        <ProposalsTab />
      ) : gridId ? (
        <>
          <p>
            <Link to="/ai/comunitate">← Toate discuțiile</Link>
          </p>
          <GridStatement id={gridId} />
          <CommentThread key={gridId} target={{ type: 'grid', id: gridId }} title="Discuția grilei" />
        </>
      ) : (
        <ThreadsTab />
      )}
    </section>
  );
}

/** Needs the network: offline it explains so instead of failing (src/shell/pwa/NetworkRequired.tsx). */
export default function Community() {
  return (
    <NetworkRequired title="Comunitate">
      <CommunityPage />
    </NetworkRequired>
  );
}
