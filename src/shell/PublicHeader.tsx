// Header of the public (static) pages: links, sign-in / sign-up, theme switch; hamburger on narrow screens.
import { useEffect, useId, useState } from 'react';
import { useLocation } from 'react-router';
import { Link, NavLink } from '../router/Link.tsx';
import { useSnapshot } from 'valtio';
import { app } from '../state/app.ts';
import { getItem } from '../state/storage.ts';
import { STORAGE } from '../shared/storage-keys.ts';
import { Logo } from './Logo.tsx';
import { ThemeSwitch } from './ThemeSwitch.tsx';
import { PublicIcon } from './public-icons.tsx';
import { logoTarget } from './nav.ts';
import { useMediaQuery } from './useIsNarrow.ts';
import { useHydrated } from '../ssr/hydration.ts';

/** The public header needs more room than the dashboard: it collapses to a menu below 1100 px. */
export const HEADER_COLLAPSE_QUERY = '(max-width: 1099px)';

export const PUBLIC_LINKS = [
  { to: '/cursuri', label: 'Cursuri' },
  { to: '/comunitate', label: 'Comunitate' },
  { to: '/despre-noi', label: 'Despre noi' },
  { to: '/faqs', label: 'Întrebări frecvente' },
  { to: '/intra-in-familie', label: 'Premium' },
  { to: '/contact', label: 'Contact' },
] as const;

export function PublicHeader() {
  const snap = useSnapshot(app);
  const { pathname } = useLocation();
  const narrow = useMediaQuery(HEADER_COLLAPSE_QUERY);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  useEffect(() => setOpen(false), [pathname]);
  // The server renders for a visitor; the signed-in header appears once hydrated.
  const hydrated = useHydrated();
  const signedIn = hydrated && (Boolean(snap.user) || Boolean(getItem(STORAGE.token)));
  const home = logoTarget(signedIn, snap.testsCount);

  return (
    <header className={`site-header${narrow ? ' site-header--collapsed' : ''}`}>
      <div className="site-header__inner container">
        <Logo to={signedIn ? home : '/'} />
        {narrow ? (
          <button
            type="button"
            className="icon-button site-header__toggle"
            aria-expanded={open}
            aria-controls={menuId}
            aria-label={open ? 'Închide meniul' : 'Deschide meniul'}
            onClick={() => setOpen((v) => !v)}
          >
            <PublicIcon name={open ? 'close' : 'menu'} />
          </button>
        ) : null}
        <div id={menuId} className={`site-header__menu${open ? ' is-open' : ''}`} hidden={narrow && !open}>
          <nav aria-label="Navigare site">
            <ul className="site-nav">
              {PUBLIC_LINKS.map((l) => (
                <li key={l.to}>
                  <NavLink to={l.to} className="site-nav__link">
                    {l.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="site-header__actions">
            <ThemeSwitch />
            {signedIn ? (
              <Link to={home} className="btn btn--primary btn--small">
                Contul meu
              </Link>
            ) : (
              <>
                <Link to="/conectare" className="btn btn--ghost btn--small">
                  Conectare
                </Link>
                <Link to="/inregistrare" className="btn btn--primary btn--small">
                  Creează cont gratuit
                </Link>
              </>
            )}
          </div>
        </div>
      </div>
    </header>
  );
}
