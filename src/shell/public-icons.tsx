// The icons every public page's first paint draws (header menu, theme switch), apart from the
// app's set (icons.tsx): that set is looked up by name, so all of it ships wherever one icon is
// used, and the entry chunk would carry every path (issue 12 §2). The landing page's own icons
// are in landing-icons.ts, loaded with that page only.
export const PUBLIC_PATHS = {
  menu: 'M3 12h18M3 6h18M3 18h18',
  close: 'M18 6 6 18M6 6l12 12',
  sun: 'M12 17a5 5 0 1 0 0-10 5 5 0 0 0 0 10M12 1v2M12 21v2M4.2 4.2l1.4 1.4M18.4 18.4l1.4 1.4M1 12h2M21 12h2M4.2 19.8l1.4-1.4M18.4 5.6l1.4-1.4',
  moon: 'M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z',
} as const;

export type PublicIconName = keyof typeof PUBLIC_PATHS;

/** A 24×24 stroke icon (currentColor). Decorative unless given a title. */
export function SvgIcon({ d, className, title }: { d: string; className?: string; title?: string }) {
  return (
    <svg
      className={`icon${className ? ` ${className}` : ''}`}
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden={title ? undefined : true}
      role={title ? 'img' : undefined}
      focusable="false"
    >
      {title ? <title>{title}</title> : null}
      <path d={d} />
    </svg>
  );
}

export function PublicIcon({
  name,
  className,
  title,
}: {
  name: PublicIconName;
  className?: string;
  title?: string;
}) {
  return <SvgIcon d={PUBLIC_PATHS[name]} className={className} title={title} />;
}
