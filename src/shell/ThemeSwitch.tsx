import { useSnapshot } from 'valtio';
import { app } from '../state/app.ts';
import { toggleTheme } from '../state/theme.ts';
import { Icon } from './icons.tsx';

/** Light/dark switch (SPEC §4). */
export function ThemeSwitch({ className }: { className?: string }) {
  const { theme } = useSnapshot(app);
  const dark = theme === 'dark';
  return (
    <button
      type="button"
      className={`icon-button theme-switch${className ? ` ${className}` : ''}`}
      role="switch"
      aria-checked={dark}
      aria-label="Temă întunecată"
      title={dark ? 'Treci la tema luminoasă' : 'Treci la tema întunecată'}
      onClick={() => void toggleTheme()}
    >
      <Icon name={dark ? 'sun' : 'moon'} />
    </button>
  );
}
