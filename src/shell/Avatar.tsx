import { Icon } from './icons.tsx';

/** User avatar: default silhouette when there is no picture; gold border and crown when premium. */
export function Avatar({ src, name, premium, size = 40 }: { src: string | null | undefined; name: string; premium: boolean; size?: number }) {
  return (
    <span className={`avatar${premium ? ' avatar--premium' : ''}`} style={{ width: size, height: size }}>
      {src ? (
        <img src={src} alt="" width={size} height={size} className="avatar__img" />
      ) : (
        <svg className="avatar__img avatar__default" viewBox="0 0 40 40" aria-hidden="true" data-default-avatar="">
          <rect width="40" height="40" fill="var(--surface-3)" />
          <circle cx="20" cy="15" r="7" fill="var(--muted)" />
          <path d="M6 38c1.5-8 7-12 14-12s12.5 4 14 12z" fill="var(--muted)" />
        </svg>
      )}
      {premium ? (
        <span className="avatar__crown" title="Premium">
          <Icon name="crown" />
        </span>
      ) : null}
      <span className="visually-hidden">{premium ? `${name}, utilizator Premium` : name}</span>
    </span>
  );
}
