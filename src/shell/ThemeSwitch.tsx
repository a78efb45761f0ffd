import { useSnapshot } from 'valtio';
import { app } from '../state/app.ts';
import { useHydrated } from '../ssr/hydration.ts';
import { PublicIcon } from './public-icons.tsx';

/** Light/dark switch (SPEC §4). */
export function ThemeSwitch({ className }: { className?: string }) {
  const { theme } = useSnapshot(app);
  // The server does not know the saved theme: hydrate as light, then show the real one.
  const dark = useHydrated() && theme === 'dark';
  return (
    <button
      type="button"
      className={`icon-button theme-switch${className ? ` ${className}` : ''}`}
      role="switch"
      aria-checked={dark}
      aria-label="Temă întunecată"
      title={dark ? 'Treci la tema luminoasă' : 'Treci la tema întunecată'}
      onClick={() => void import('../state/theme.ts').then((m) => m.toggleTheme())}
    >
      {/* Both icons, CSS shows the theme's: right before hydration too, and on a page left unhydrated. */}
      <PublicIcon name="moon" className="theme-switch__moon" />
      <PublicIcon name="sun" className="theme-switch__sun" />
    </button>
  );
}
