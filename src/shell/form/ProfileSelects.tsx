// The profile fields of "Încă un pas", reused on the account page: the manuals (one or more, issue 32
// §5: most centres test biology and chemistry together), the specialization and the centre.
import { useEffect, useId, useState } from 'react';
import type { ListItem, ProfileLists } from '../../shared/types.ts';
import { getProfileLists } from '../../api/account.ts';
import { getItem, setItem } from '../../state/storage.ts';
import { STORAGE } from '../../shared/storage-keys.ts';
import { errorsOf } from './useForm.ts';
import { firstCode } from '../../shared/codes.ts';
import { Select } from './Select.tsx';
import { ErrorList, FormErrors } from './ErrorList.tsx';
import { describedBy } from './describedBy.ts';
import type { FieldBinding } from './useForm.ts';

export type ProfileValues = { manual_ids: number[]; specialization_id: number | null; center_id: number | null };

let cache: ProfileLists | null = null;

/** The lists last read, kept on the device: offline, a result still knows which centre is the
 *  candidate's own (issue 32 §5). */
function storedLists(): ProfileLists | null {
  try {
    const raw = getItem(STORAGE.profileLists);
    return raw ? (JSON.parse(raw) as ProfileLists) : null;
  } catch {
    return null;
  }
}

/** GET /profile/lists once per page load (the device's copy meanwhile); `error` is a code, `reload` retries. */
export function useProfileLists() {
  const [lists, setLists] = useState<ProfileLists | null>(() => cache ?? storedLists());
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (cache) return;
    let cancelled = false;
    getProfileLists()
      .then((res) => {
        cache = {
          manuals: res.manuals ?? [],
          specializations: res.specializations ?? [],
          centers: res.centers ?? [],
        };
        setItem(STORAGE.profileLists, JSON.stringify(cache));
        if (!cancelled) {
          setLists(cache);
          setError(null);
        }
      })
      .catch((err: unknown) => {
        if (!cancelled) setError(firstCode(errorsOf(err)) ?? 'FORM_AN_ERROR_HAS_OCCURRED');
      });
    return () => {
      cancelled = true;
    };
  }, [attempt]);
  return { lists, error, reload: () => setAttempt((n) => n + 1) };
}

export function ProfileSelects({
  lists,
  fields,
  disabled,
}: {
  lists: ProfileLists | null;
  fields: { [K in keyof ProfileValues]: FieldBinding<ProfileValues[K]> };
  disabled?: boolean;
}) {
  const loading = !lists;
  const empty = (items: readonly unknown[] | undefined, what: string) =>
    lists && (items ?? []).length === 0 ? `Momentan nu există ${what} disponibile. Revino puțin mai târziu.` : undefined;
  return (
    <>
      <ManualChoice
        {...fields.manual_ids}
        options={lists?.manuals ?? []}
        hint={empty(lists?.manuals, 'manuale') ?? (loading ? 'Se încarcă…' : 'Alege unul sau mai multe: toate din care dai examenul.')}
        disabled={disabled || loading}
      />
      <Select
        label="Specializarea"
        {...fields.specialization_id}
        options={lists?.specializations ?? []}
        hint={empty(lists?.specializations, 'specializări')}
        placeholder={loading ? 'Se încarcă…' : 'Alege specializarea'}
        disabled={disabled || loading}
        required
      />
      <Select
        label="Centrul universitar"
        {...fields.center_id}
        options={lists?.centers ?? []}
        hint={empty(lists?.centers, 'centre universitare')}
        placeholder={loading ? 'Se încarcă…' : 'Alege centrul universitar'}
        disabled={disabled || loading}
        required
      />
    </>
  );
}

/** The manuals as checkboxes, at least one (the schema says so), kept in the list's order. */
function ManualChoice({
  name,
  value,
  onChange,
  errors,
  options,
  hint,
  disabled,
}: FieldBinding<number[]> & { options: readonly ListItem[]; hint: string; disabled?: boolean }) {
  const hintId = useId();
  const errorId = useId();
  const toggle = (id: number, on: boolean) =>
    onChange(options.map((o) => o.id).filter((x) => (x === id ? on : value.includes(x))));
  return (
    <fieldset
      className={`form-field form-choices${errors.length ? ' form-field--invalid' : ''}`}
      aria-describedby={describedBy(hintId, errors.length ? errorId : undefined)}
    >
      <legend className="form-field__label">Manualele după care înveți</legend>
      <p id={hintId} className="form-field__hint">
        {hint}
      </p>
      <div className="form-choices__list">
        {options.map((o) => (
          <label key={o.id} className="form-check__row form-choices__item">
            <input
              type="checkbox"
              name={name}
              className="form-check__input"
              checked={value.includes(o.id)}
              disabled={disabled}
              aria-invalid={errors.length > 0 || undefined}
              onChange={(e) => toggle(o.id, e.target.checked)}
            />
            <span className="form-check__label">{o.name}</span>
          </label>
        ))}
      </div>
      <ErrorList id={errors.length ? errorId : undefined} codes={errors} />
    </fieldset>
  );
}

/** The lists could not be loaded: the error and a retry, shown above a profile form. */
export function ProfileListsError({ error, onRetry }: { error: string | null; onRetry: () => void }) {
  if (!error) return null;
  return (
    <div className="form-actions">
      <FormErrors codes={[error]} />
      <button type="button" className="form-btn form-btn--secondary" onClick={onRetry}>
        Încearcă din nou
      </button>
    </div>
  );
}
