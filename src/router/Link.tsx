// The app's links: React Router's navigation (useHref, useNavigate) without its <Link>, whose
// prefetching, view transitions and framework-mode module loading we do not use but every page
// would download (about 3 KB gzip of the public pages' first load, issue 12 §2). Same behaviour
// for what we use: a real href; a plain left click navigates in the app; modified clicks, other
// buttons and other targets are left to the browser; a link to where you are replaces the entry.
import { createContext, useContext, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import { useHref, useLocation, useNavigate, useResolvedPath, type To } from 'react-router';

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: To;
  replace?: boolean;
  state?: unknown;
};

/** A click the app navigates itself (a plain left click on a link of this window); anything else is the browser's. */
export function isPlainLeftClick(e: MouseEvent<HTMLElement>, target: string | undefined): boolean {
  return (
    e.button === 0 && (!target || target === '_self') && !(e.metaKey || e.altKey || e.ctrlKey || e.shiftKey)
  );
}

/** True inside an island of a page that is not hydrated (src/islands/roots.tsx): there is no app
 *  router to navigate in, so a link is left to the browser and loads its page. */
export const FullPageLinks = createContext(false);

export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useNavigate();
  const location = useLocation();
  const path = useResolvedPath(to);
  const fullPage = useContext(FullPageLinks);
  const handleClick = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (fullPage || e.defaultPrevented || !isPlainLeftClick(e, target)) return;
    e.preventDefault();
    const here =
      location.pathname + location.search + location.hash === path.pathname + path.search + path.hash;
    void navigate(to, { replace: replace ?? here, state });
  };
  return <a {...rest} href={href} target={target} onClick={handleClick} />;
}

export type NavLinkProps = Omit<LinkProps, 'className'> & {
  className?: string;
  end?: boolean;
  children?: ReactNode;
};

/** A link that knows it is the current page: class `active` and aria-current="page", like React Router's. */
export function NavLink({ className, end = false, ...rest }: NavLinkProps) {
  const { pathname } = useLocation();
  const path = useResolvedPath(rest.to).pathname;
  const active =
    pathname === path ||
    (!end && path !== '/' && pathname.startsWith(path.endsWith('/') ? path : `${path}/`));
  return (
    <Link
      {...rest}
      className={[className, active ? 'active' : ''].filter(Boolean).join(' ') || undefined}
      aria-current={active ? 'page' : undefined}
    />
  );
}
