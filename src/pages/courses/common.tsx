// Pieces shared by the public (/cursuri…) and signed-in (/ai/cursuri…) course screens.
import { Link } from '../../router/Link.tsx';
import { useSnapshot } from 'valtio';
import { app } from '../../state/app.ts';
import { useHydrated } from '../../ssr/hydration.ts';
import { grids, plural } from '../../components/practice/format.ts';

export type CourseMode = 'public' | 'dash';
export const base = (mode: CourseMode) => (mode === 'dash' ? '/ai/cursuri' : '/cursuri');
export const shortTitle = (t: string) => t.split(' — ')[0].trim();
export const pageClass = (mode: CourseMode) => (mode === 'public' ? 'container' : 'page');

export function SignUpCta({ text }: { text: string }) {
  return (
    <aside className="course-cta" aria-label="Creează un cont">
      <p>{text}</p>
      <div className="course-cta__actions">
        <Link to="/inregistrare" className="btn btn--primary">
          Creează cont gratuit
        </Link>
        <Link to="/conectare" className="btn btn--ghost">
          Am deja cont
        </Link>
      </div>
    </aside>
  );
}

/** Free and premium grids as text: '15 grile gratuite + 3 premium', or all of them for a premium user. */
export function gridCountText(total: number, premium: number | undefined, viewerPremium: boolean): string {
  if (!premium || viewerPremium) return grids(total);
  return `${plural(total - premium, 'grilă gratuită', 'grile gratuite')} + ${premium} premium`;
}

/**
 * The grid count true for this viewer (issue 11 §4.10): a visitor or a free account practises only
 * the free grids, so the count says how many are free and how many premium, with the way to premium.
 * The server renders it for a visitor; a premium account sees its count once hydrated.
 */
export function GridCount({ total, premium, link = true }: { total: number; premium: number | undefined; link?: boolean }) {
  const { user } = useSnapshot(app);
  const hydrated = useHydrated();
  const viewerPremium = hydrated && Boolean(user?.is_premium);
  const text = gridCountText(total, premium, viewerPremium);
  if (!premium || viewerPremium || !link) return <>{text}</>;
  return (
    <>
      {text} (
      <Link to={premiumPath(hydrated && Boolean(user))} className="grid-count__premium">
        deblochează-le cu Premium
      </Link>
      )
    </>
  );
}

/** Where "Premium" leads: the account's premium page, or for a visitor the public offer (the
 *  account page needs an account, issue 32 §5). */
export const premiumPath = (signedIn: boolean) => (signedIn ? '/cont/premium' : '/intra-in-familie');

/** Said once above a list of chapters (on every chapter it repeated the same link 20 times). */
export function PremiumUnlockLine({ any }: { any: boolean }) {
  const { user } = useSnapshot(app);
  const hydrated = useHydrated();
  if (!any || (hydrated && user?.is_premium)) return null;
  return (
    <p className="muted grid-count__line">
      Grilele premium ale capitolelor se deblochează cu{' '}
      <Link to={premiumPath(hydrated && Boolean(user))} className="grid-count__premium">
        Premium
      </Link>
      .
    </p>
  );
}
