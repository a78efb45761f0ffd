// Header of the public (static) pages: links, sign-in / sign-up, theme switch; a menu button below 1100 px.
import { useEffect, useId, useRef } from 'react';
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
import { useHydrated } from '../ssr/hydration.ts';
import { Island } from '../islands/Island.tsx';

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
  const menuId = useId();
  const menu = useRef<HTMLDivElement>(null);
  // Following a link inside the app closes the menu (a page loaded from the server starts closed).
  useEffect(() => {
    const el = menu.current;
    if (el && typeof el.hidePopover === 'function' && el.matches(':popover-open')) el.hidePopover();
  }, [pathname]);
  // The server renders for a visitor; the signed-in header appears once hydrated.
  const hydrated = useHydrated();
  const signedIn = hydrated && (Boolean(snap.user) || Boolean(getItem(STORAGE.token)));
  const home = logoTarget(signedIn, snap.testsCount);

  // Below 1100 px the menu is a popover the button opens and closes by itself (and a tap outside
  // or Escape closes): it works before, and without, any JavaScript, so a page left unhydrated
  // (src/islands/, issue 24 §1) has a working menu at every width. CSS decides the layout.
  return (
    <header className="site-header">
      <div className="site-header__inner container">
        <Logo to={signedIn ? home : '/'} />
        <button type="button" className="icon-button site-header__toggle" popoverTarget={menuId} aria-label="Meniul site-ului">
          <PublicIcon name="menu" className="site-header__icon-open" />
          <PublicIcon name="close" className="site-header__icon-close" />
        </button>
        <div id={menuId} ref={menu} className="site-header__menu" popover="auto">
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
            <Island name="theme-switch">
              <ThemeSwitch />
            </Island>
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
