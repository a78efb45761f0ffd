// Dashboard navigation bar (SPEC §2): a sidebar on wide screens, a top bar with a hamburger
// drawer on narrow ones (≤ 768 px). Badges, premium display, first name, avatar, logout.
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Link } from '../router/Link.tsx';
import { useSnapshot } from 'valtio';
import { app } from '../state/app.ts';
import { logout } from '../state/user.ts';
import { Icon, type IconName } from './icons.tsx';
import { Logo } from './Logo.tsx';
import { Avatar } from './Avatar.tsx';
import { ThemeSwitch } from './ThemeSwitch.tsx';
import { useIsNarrow } from './useIsNarrow.ts';
import { SearchBox } from './SearchBox.tsx';
import {
  badgeText,
  communityFutureTab,
  callName,
  isAccountActive,
  isPremiumUser,
  logoTarget,
  notificationsBadge,
  premiumDisplay,
} from './nav.ts';
import { plural } from '../shared/ro-count.ts';

type Item = { to: string; label: string; icon: IconName; badge?: number; badgeLabel?: string; active: boolean };

function isUnder(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}

function NavItem({ item, onNavigate }: { item: Item; onNavigate?: () => void }) {
  return (
    <li>
      <Link
        to={item.to}
        className={`nav-link${item.active ? ' is-active' : ''}`}
        aria-current={item.active ? 'page' : undefined}
        onClick={onNavigate}
      >
        <Icon name={item.icon} />
        <span className="nav-link__label">{item.label}</span>
        {item.badge ? (
          <span className="badge" aria-label={item.badgeLabel}>
            {badgeText(item.badge)}
          </span>
        ) : null}
      </Link>
    </li>
  );
}

export function Navbar() {
  const snap = useSnapshot(app);
  const { pathname, search } = useLocation();
  const narrow = useIsNarrow();
  const [open, setOpen] = useState(false);
  // On a phone the search field opens over the top bar from its button, and gives focus back to it.
  const [searching, setSearching] = useState(false);
  const searchButton = useRef<HTMLButtonElement>(null);
  const closeSearch = () => {
    setSearching(false);
    requestAnimationFrame(() => searchButton.current?.focus());
  };
  const drawerId = useId();

  useEffect(() => setOpen(false), [pathname, search]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  const user = snap.user;
  const tab = new URLSearchParams(search).get('tab');
  const futureTab = communityFutureTab(snap.product);
  const notif = notificationsBadge(snap.layoutCounts, snap.hasSeenAnnouncement);
  const premium = isPremiumUser(user);
  const display = premiumDisplay(user?.remaining_premium_days ?? -1);
  const home = logoTarget(true, snap.testsCount);
  const name = callName(user);
  const messagesCount = snap.layoutCounts.messages;
  const requests = snap.layoutCounts.friendships;

  const main: Item[] = [
    { to: '/teste', label: 'Teste', icon: 'clipboard', active: isUnder(pathname, '/teste') || pathname === '/ssmb' },
    { to: '/ai/cursuri', label: 'Cursuri', icon: 'book', active: isUnder(pathname, '/ai/cursuri') },
    { to: '/statistici', label: 'Statistici', icon: 'chart', active: isUnder(pathname, '/statistici') },
    { to: '/favorite', label: 'Favorite', icon: 'heart', active: isUnder(pathname, '/favorite') },
    { to: '/ai/comunitate', label: 'Comunitate', icon: 'globe', active: isUnder(pathname, '/ai/comunitate') && tab !== futureTab },
    {
      to: `/ai/comunitate?tab=${futureTab}`,
      label: `Viitorul ${snap.product}`,
      icon: 'lightbulb',
      active: isUnder(pathname, '/ai/comunitate') && tab === futureTab,
    },
  ];
  const social: Item[] = [
    { to: '/notificari', label: 'Notificări', icon: 'bell', badge: notif, badgeLabel: `${notif} notificări noi`, active: isUnder(pathname, '/notificari') },
    {
      to: '/prieteni',
      label: 'Prieteni',
      icon: 'users',
      badge: snap.layoutCounts.friendships,
      badgeLabel: `${plural(snap.layoutCounts.friendships, 'cerere', 'cereri')} de prietenie`,
      active: isUnder(pathname, '/prieteni'),
    },
    {
      to: '/mesaje',
      label: 'Mesaje',
      icon: 'message',
      badge: snap.layoutCounts.messages,
      badgeLabel: `${snap.layoutCounts.messages} mesaje necitite`,
      active: isUnder(pathname, '/mesaje'),
    },
  ];
  const account: Item[] = [
    { to: '/cont', label: 'Contul meu', icon: 'user', active: isAccountActive(pathname) },
    { to: '/cont/ajutor', label: 'Ajutor', icon: 'help', active: isUnder(pathname, '/cont/ajutor') },
  ];
  const close = () => setOpen(false);

  const drawerHidden = narrow && !open;

  return (
    <>
      {narrow && searching ? (
        <header className="topbar topbar--search">
          <SearchBox autoFocus onClose={closeSearch} />
        </header>
      ) : null}
      {narrow && !searching ? (
        <header className="topbar">
          <Logo to={home} />
          <div className="topbar__actions">
            <button ref={searchButton} type="button" className="icon-button topbar__notif" aria-label="Caută în grile și capitole" onClick={() => setSearching(true)}>
              <Icon name="search" />
            </button>
            {/* Counts the drawer would hide stay in sight on a phone (issue 23 §3): messages here, requests on the menu. */}
            <Link to="/mesaje" className="icon-button topbar__notif" aria-label={`Mesaje${messagesCount ? `, ${messagesCount} necitite` : ''}`}>
              <Icon name="message" />
              {messagesCount ? <span className="badge badge--dot">{badgeText(messagesCount)}</span> : null}
            </Link>
            <Link to="/notificari" className="icon-button topbar__notif" aria-label={`Notificări${notif ? `, ${notif} noi` : ''}`}>
              <Icon name="bell" />
              {notif ? <span className="badge badge--dot">{badgeText(notif)}</span> : null}
            </Link>
            <button
              type="button"
              className="icon-button topbar__notif"
              aria-expanded={open}
              aria-controls={drawerId}
              aria-label={`${open ? 'Închide meniul' : 'Deschide meniul'}${requests && !open ? `, ${plural(requests, 'cerere', 'cereri')} de prietenie` : ''}`}
              onClick={() => setOpen((v) => !v)}
            >
              <Icon name={open ? 'close' : 'menu'} />
              {requests && !open ? <span className="badge badge--dot">{badgeText(requests)}</span> : null}
            </button>
          </div>
        </header>
      ) : null}
      {narrow && open ? <div className="drawer-backdrop" onClick={close} aria-hidden="true" /> : null}
      <aside id={drawerId} className={`sidebar${narrow ? ' sidebar--drawer' : ''}${open ? ' is-open' : ''}`} hidden={drawerHidden} aria-label="Meniu">
        {!narrow ? (
          <div className="sidebar__brand">
            <Logo to={home} />
          </div>
        ) : null}
        {!narrow ? <SearchBox /> : null}
        {/* The accessible name starts with the visible text ("Salut, Ana"), as WCAG 2.5.3 asks (axe
            label-content-name-mismatch): a voice user says what they see. */}
        <Link to="/cont" className="sidebar__user" onClick={close} aria-label={`Salut, ${name || 'prietene'} — contul tău`}>
          <Avatar src={user?.avatar_thumb_src} name={user?.name ?? ''} premium={premium} />
          <span className="sidebar__user-text">
            <span className="sidebar__hello">Salut,</span>
            <strong className="sidebar__name">{name || 'prietene'}</strong>
          </span>
        </Link>
        <nav aria-label="Navigare principală">
          <ul className="nav-list">
            {main.map((item) => (
              <NavItem key={item.to} item={item} onNavigate={close} />
            ))}
          </ul>
        </nav>
        <nav aria-label="Social">
          <ul className="nav-list">
            {social.map((item) => (
              <NavItem key={item.to} item={item} onNavigate={close} />
            ))}
          </ul>
        </nav>
        <nav aria-label="Cont">
          <ul className="nav-list">
            {account.map((item) => (
              <NavItem key={item.to} item={item} onNavigate={close} />
            ))}
          </ul>
        </nav>
        <Link
          to="/cont/premium"
          className={`premium-banner${display.kind === 'banner' ? ' premium-banner--cta' : ''}`}
          onClick={close}
          aria-current={pathname === '/cont/premium' ? 'page' : undefined}
        >
          <Icon name="crown" />
          <span>
            <strong>{display.text}</strong>
            {display.kind === 'banner' ? <small>Treci la Premium și învață fără limite</small> : null}
          </span>
        </Link>
        <div className="sidebar__footer">
          <ThemeSwitch />
          <button type="button" className="btn btn--ghost btn--small" onClick={() => void logout()}>
            <Icon name="logout" />
            Deconectare
          </button>
        </div>
      </aside>
    </>
  );
}
