import { Link } from '../router/Link.tsx';
import { useSnapshot } from 'valtio';
import { app } from '../state/app.ts';

export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg className="logo__mark" width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="9" fill="var(--brand)" />
      <path d="M13 7h6v6h6v6h-6v6h-6v-6H7v-6h6z" fill="var(--brand-contrast)" opacity=".95" />
      <circle cx="24" cy="24" r="4.5" fill="var(--accent)" stroke="var(--brand)" strokeWidth="1.5" />
    </svg>
  );
}

/** The product logo; links to `to` (default /) unless `linked` is false. */
export function Logo({ to = '/', linked = true, label }: { to?: string; linked?: boolean; label?: string }) {
  const { product } = useSnapshot(app);
  const content = (
    <>
      <LogoMark />
      <span className="logo__text">{product}</span>
    </>
  );
  if (!linked) return <span className="logo">{content}</span>;
  return (
    <Link to={to} className="logo" aria-label={label ?? `${product} — pagina principală`}>
      {content}
    </Link>
  );
}
