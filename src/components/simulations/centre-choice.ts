// Which centre and subjects the centre-simulation screen shows, derived in one place from what the
// candidate picked, the address and their own centre — never set by an effect. An effect that set
// the own centre once the profile arrived ran after a pick made in the same moment (its render
// predated the pick, so its check of "nothing picked yet" was stale) and replaced the pick: the
// candidate chose Timișoara and was shown their own centre's list (a CI e2e failure, issue 29).
import type { ScoringProfile } from '../../shared/scoring.ts';
import { variantKey } from './format.ts';

export type CentreChoiceInput = {
  /** Chosen on this screen or in the address (?centru=…), a slug the app knows; null when neither. */
  picked: string | null;
  /** The candidate's own centre's name (profile names are the centres' names), once known. */
  ownCentreName: string | null;
  /** The subjects picked on this screen, if any. */
  pickedVariant: string | null;
  profiles: readonly ScoringProfile[];
  /** Before anything is known. */
  fallback: string;
};

export type CentreChoice = { center: string; profile: ScoringProfile | undefined; variants: string[]; variant: string | null };

export function centreChoice({ picked, ownCentreName, pickedVariant, profiles, fallback }: CentreChoiceInput): CentreChoice {
  const own = ownCentreName ? profiles.find((p) => p.name === ownCentreName)?.slug : undefined;
  const center = picked ?? own ?? fallback;
  const profile = profiles.find((p) => p.slug === center) ?? profiles[0];
  const variants = (profile?.subject_variants ?? []).map(variantKey);
  const variant = pickedVariant && variants.includes(pickedVariant) ? pickedVariant : (variants[0] ?? null);
  return { center: profile?.slug ?? center, profile, variants, variant };
}
