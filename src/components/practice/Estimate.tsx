// 'Estimare': a score computed under a centre whose rules are not confirmed (`known: false` in its
// scoring profile) must not look official (issue 11 §4.12). One label and one explanation, used
// wherever a centre score is shown.
import { defaultProfile } from '../../shared/scoring-profiles.ts';

export const ESTIMATE_EXPLANATION =
  'Estimare: regulile de punctare ale centrului nu sunt confirmate, așa că nota este calculată după ce se știe, completat cu presupuneri. Nu este un rezultat oficial.';
/** The same, for a list where several centres may carry the label. */
export const ESTIMATE_EXPLANATION_MANY =
  'Estimare: regulile de punctare ale centrelor marcate astfel nu sunt confirmate, așa că nota lor este calculată după ce se știe, completat cu presupuneri. Nu este un rezultat oficial.';

/**
 * True when the profile with this slug is known to the app and its rules are not confirmed: as the
 * admin set them (`known`, from GET /scoring-profiles, src/state/scoring-known.ts) when given,
 * else the built-in default.
 */
export function isEstimateProfile(slug: string | null | undefined, known?: Readonly<Record<string, boolean>>): boolean {
  if (!slug) return false;
  if (known && typeof known[slug] === 'boolean') return !known[slug];
  return defaultProfile(slug)?.known === false;
}

/** The small 'Estimare' pill; its title and accessible description carry the explanation. */
export function EstimateBadge({ describedBy }: { describedBy?: string }) {
  return (
    <span className="pill pill--estimate" title={ESTIMATE_EXPLANATION} aria-describedby={describedBy}>
      Estimare
    </span>
  );
}
