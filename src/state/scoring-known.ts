// Which centres' scoring rules are confirmed, as an admin last set them on /admin/punctare: the
// 'Estimare' labels of results and history follow this, not the app's built-in defaults (an admin
// who confirms a centre's rules must not leave its grades marked as estimates). Kept on the device,
// so the labels stay right offline.
import { proxy } from 'valtio';
import { api } from '../api/client.ts';
import { STORAGE } from '../shared/storage-keys.ts';
import type { ScoringProfile } from '../shared/scoring.ts';
import { getItem, setItem } from './storage.ts';

export type KnownBySlug = Readonly<Record<string, boolean>>;

function stored(): Record<string, boolean> {
  try {
    const v: unknown = JSON.parse(getItem(STORAGE.scoringKnown) ?? '{}');
    if (!v || typeof v !== 'object' || Array.isArray(v)) return {};
    return Object.fromEntries(Object.entries(v).filter((e): e is [string, boolean] => typeof e[1] === 'boolean'));
  } catch {
    return {};
  }
}

export const scoringKnown = proxy<{ bySlug: Record<string, boolean> }>({ bySlug: stored() });

let loading: Promise<void> | null = null;

/** Reads GET /scoring-profiles once per page life (again after a failure). */
export function refreshScoringKnown(): Promise<void> {
  loading ??= api
    .get<{ profiles: ScoringProfile[] }>('scoring-profiles')
    .then((r) => {
      const bySlug = Object.fromEntries(r.profiles.map((p) => [p.slug, p.known]));
      scoringKnown.bySlug = bySlug;
      setItem(STORAGE.scoringKnown, JSON.stringify(bySlug));
    })
    .catch(() => {
      loading = null;
    });
  return loading;
}
