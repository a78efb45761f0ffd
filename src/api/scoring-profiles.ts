// Typed calls of server/modules/scoring-profiles: the public list and the admin editor's save.
import { api } from './client.ts';
import type { ScoringProfile } from '../shared/scoring.ts';
import type { ScoringProfileBody } from '../shared/test-schema.ts';

export function fetchScoringProfiles(): Promise<{ profiles: ScoringProfile[] }> {
  return api.get('scoring-profiles');
}

export function saveScoringProfile(slug: string, body: ScoringProfileBody): Promise<{ success: 'SCORING_PROFILE_SAVED'; profile: ScoringProfile }> {
  return api.put(`admin/scoring-profiles/${encodeURIComponent(slug)}`, body);
}
