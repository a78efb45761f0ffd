// Texts of the measured difficulty and of the percentile among candidates (issue 31 §2), one
// place for the solve screen, the results and /statistici (unit-tested in measured.test.ts).
import { plural } from '../../shared/ro-count.ts';
import { PEER_MIN_ANSWERS, PEER_MIN_CANDIDATES, type MeasuredDifficulty } from '../../shared/item-stats.ts';
import type { PeerRank } from '../../shared/stats-payloads.ts';

/** 0.62 → "62 %" (whole percent, the space of Romanian typography). */
export const formatPercent = (share: number) => `${Math.round(share * 100)} %`;

/** "62 % dintre candidați au răspuns corect (148 de răspunsuri)". */
export function measuredText(m: MeasuredDifficulty): string {
  return `${formatPercent(m.share)} dintre candidați au răspuns corect (${plural(m.answers, 'răspuns', 'răspunsuri')})`;
}

/** "Ești peste 70 % dintre candidați (din cel puțin 20)", or why there is no rank. */
export function peerText(p: PeerRank): string {
  if (p.ranked)
    return p.percentile > 0
      ? `Ești peste ${p.percentile} % dintre candidați (din cel puțin ${p.candidates_at_least})`
      : `Încă sub ceilalți candidați (din cel puțin ${p.candidates_at_least})`;
  return p.reason === 'own_answers'
    ? `Fără poziție: ai nevoie de cel puțin ${plural(PEER_MIN_ANSWERS, 'răspuns', 'răspunsuri')} aici`
    : `Fără poziție: sub ${plural(PEER_MIN_CANDIDATES, 'candidat', 'candidați')} cu destule răspunsuri aici`;
}
