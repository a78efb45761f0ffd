// The sign-in screens' layout (SPEC §2): logo, theme switch, the page, and the legal links. Its own
// chunk, like the other two layouts: no public page's first load carries it (issue 12 §2).
import { Outlet } from 'react-router';
import { Logo } from './Logo.tsx';
import { ThemeSwitch } from './ThemeSwitch.tsx';
import { Link } from '../router/Link.tsx';
import { SkipLink } from './layouts.tsx';

export default function AuthLayout() {
  return (
    <div className="layout layout--auth">
      <SkipLink />
      <header className="auth-header">
        <Logo />
        <ThemeSwitch />
      </header>
      <main id="main" className="auth-main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="auth-footer">
        <Link to="/legal/termeni">Termeni</Link>
        <span aria-hidden="true">·</span>
        <Link to="/legal/politica-de-confidentialitate">Confidențialitate</Link>
        <span aria-hidden="true">·</span>
        <Link to="/contact">Contact</Link>
      </footer>
    </div>
  );
}
