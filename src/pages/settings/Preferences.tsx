import { useId, useState } from 'react';
import { Link } from '../../router/Link.tsx';
import { useSnapshot } from 'valtio';
import { app } from '../../state/app.ts';
import { chooseTheme as saveThemeChoice } from '../../state/theme.ts';
import { getItem, setItem } from '../../state/storage.ts';
import { showToast } from '../../state/toast.ts';
import { STORAGE } from '../../shared/storage-keys.ts';
import type { Theme } from '../../shared/constants.ts';
import { firstCode } from '../../shared/codes.ts';
import { StorageNotice } from '../../shell/pwa/StorageNotice.tsx';
import { updatePreferences } from '../../api/account.ts';
import { errorsOf } from '../../shell/form/useForm.ts';
import { Checkbox } from '../../shell/form/Checkbox.tsx';
import '../../styles/forms.css';

/** Sound effects: the saved choice ('1'/'0'), else the user's server value, else on. */
function soundEffectsEnabled(userValue: boolean | undefined): boolean {
  const saved = getItem(STORAGE.soundEffects);
  if (saved === '1' || saved === 'true') return true;
  if (saved === '0' || saved === 'false') return false;
  return userValue ?? true;
}

const THEME_OPTIONS: Array<{ value: Theme; label: string }> = [
  { value: 'system', label: 'Ca sistemul' },
  { value: 'light', label: 'Luminoasă' },
  { value: 'dark', label: 'Întunecată' },
];

export default function Preferences() {
  const { themeChoice, user } = useSnapshot(app);
  const groupId = useId();
  const [themeBusy, setThemeBusy] = useState(false);
  const [sound, setSound] = useState(() => soundEffectsEnabled(user?.sound_effects));
  const [soundBusy, setSoundBusy] = useState(false);
  const [soundErrors, setSoundErrors] = useState<string[]>([]);

  // Same behaviour as the theme switch: adopt locally (state, storage, <html data-theme>), then tell
  // the server; a failure says so (SPEC §8: generic error) and the local choice stays.
  const chooseTheme = async (next: Theme) => {
    if (next === app.themeChoice || themeBusy) return;
    const signedIn = Boolean(app.user && getItem(STORAGE.token));
    setThemeBusy(signedIn);
    try {
      if ((await saveThemeChoice(next)) && signedIn) showToast('THEME_UPDATED', 'success');
    } finally {
      setThemeBusy(false);
    }
  };

  const chooseSound = async (next: boolean) => {
    const previous = sound;
    setSound(next);
    setItem(STORAGE.soundEffects, next ? '1' : '0');
    setSoundErrors([]);
    if (!app.user || !getItem(STORAGE.token)) return;
    setSoundBusy(true);
    try {
      const res = await updatePreferences({ sound_effects: next });
      if (res?.user) app.user = res.user;
      else if (app.user) app.user.sound_effects = next;
      showToast(res?.success || 'PREFERENCES_SAVED', 'success');
    } catch (err) {
      setSound(previous);
      setItem(STORAGE.soundEffects, previous ? '1' : '0');
      setSoundErrors([firstCode(errorsOf(err)) ?? 'FORM_AN_ERROR_HAS_OCCURRED']);
    } finally {
      setSoundBusy(false);
    }
  };

  return (
    <section className="form-page form-page--wide" aria-labelledby="prefs-title">
      <header className="form-page__header">
        <h1 id="prefs-title" className="form-page__title">
          Preferințe
        </h1>
        <nav aria-label="Setări" className="form-links">
          <Link to="/setari">Înapoi la setări</Link>
        </nav>
      </header>

      <section className="form-section" aria-labelledby={`${groupId}-theme`}>
        <h2 id={`${groupId}-theme`} className="form-section__title">
          Tema
        </h2>
        <fieldset className="form-fieldset" disabled={themeBusy} aria-busy={themeBusy || undefined}>
          <legend className="form-visually-hidden">Alege tema aplicației</legend>
          <div className="form-segmented">
            {THEME_OPTIONS.map((o) => (
              <label key={o.value} className={`form-segmented__option${themeChoice === o.value ? ' is-active' : ''}`}>
                <input type="radio" name="theme" value={o.value} checked={themeChoice === o.value} onChange={() => void chooseTheme(o.value)} />
                <span>{o.label}</span>
              </label>
            ))}
          </div>
        </fieldset>
      </section>

      <section className="form-section" aria-labelledby={`${groupId}-sound`}>
        <h2 id={`${groupId}-sound`} className="form-section__title">
          Efecte sonore
        </h2>
        <Checkbox
          label="Redă sunete la răspunsurile corecte și greșite"
          name="sound_effects"
          value={sound}
          onChange={(v) => void chooseSound(v)}
          disabled={soundBusy}
          errors={soundErrors}
        />
      </section>

      <StorageNotice />
    </section>
  );
}
