// The manual / specialization / centre selects of "Încă un pas", reused on the account page.
import { useEffect, useState } from 'react';
import type { ProfileLists } from '../../shared/types.ts';
import { getProfileLists } from '../../api/account.ts';
import { getItem, setItem } from '../../state/storage.ts';
import { STORAGE } from '../../shared/storage-keys.ts';
import { errorsOf } from './useForm.ts';
import { firstCode } from '../../shared/codes.ts';
import { Select } from './Select.tsx';
import { FormErrors } from './ErrorList.tsx';
import type { FieldBinding } from './useForm.ts';

export type ProfileValues = { manual_id: number | null; specialization_id: number | null; center_id: number | null };

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
      <Select
        label="Manualul după care înveți"
        {...fields.manual_id}
        options={lists?.manuals ?? []}
        hint={empty(lists?.manuals, 'manuale')}
        placeholder={loading ? 'Se încarcă…' : 'Alege manualul'}
        disabled={disabled || loading}
        required
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
