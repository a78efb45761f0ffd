// Partial-scores announcement (SPEC §2): for a signed-in user on a dash/ route requiring login
// (of those, only the simulation lists it is about), while the acknowledged-banner flag is on. It presents the simulations, so it shows only once
// they are live (SIMULATIONS_LIVE, issue 11 §6), and only when the overlay arbiter gives it the
// screen. Closing acknowledges it (PATCH) when the user has not yet; a failure is only logged.
import { useSnapshot } from 'valtio';
import { app } from '../state/app.ts';
import { acknowledgeInfoBanner } from '../api/user.ts';
import type { RouteDef } from '../shared/routes.ts';
import { SIMULATIONS_LIVE } from '../shared/constants.ts';
import { useOverlay } from '../state/overlays.ts';
import { Modal } from './Modal.tsx';

export const PARTIAL_SCORE_CENTERS = [
  { city: 'Cluj-Napoca', university: 'UMF „Iuliu Hațieganu”' },
  { city: 'Constanța', university: 'Universitatea „Ovidius”' },
  { city: 'Craiova', university: 'UMF Craiova' },
  { city: 'Sibiu', university: 'Universitatea „Lucian Blaga”' },
  { city: 'Timișoara', university: 'UMF „Victor Babeș”' },
] as const;

/** The screens it is about: the lists of simulations. Anywhere else it interrupted something
 *  unrelated (a purchase, the friends page, the theme switch) and greeted a new account before it
 *  knew what a simulation was (issue 32 §1, §5). */
export const PARTIAL_SCORES_ROUTES: ReadonlySet<string> = new Set(['dash/simulation-centers', 'dash/simulation-sources', 'dash/simulation-medinsider']);

export function partialScoresVisible(
  route: Pick<RouteDef, 'name' | 'access'> | undefined,
  signedIn: boolean,
  flag: boolean,
  simulationsLive: boolean = SIMULATIONS_LIVE,
): boolean {
  return Boolean(simulationsLive && signedIn && flag && route && route.access === 'auth' && PARTIAL_SCORES_ROUTES.has(route.name));
}

export async function closePartialScores(): Promise<void> {
  app.acknowledgedBannerOpen = false;
  if (app.user && !app.user.acknowledged_info_banner) {
    try {
      await acknowledgeInfoBanner(true);
      if (app.user) app.user.acknowledged_info_banner = true;
    } catch (err) {
      console.error('acknowledged-info-banner failed', err);
    }
  }
}

export function PartialScoresModal({ route }: { route: RouteDef | undefined }) {
  const snap = useSnapshot(app);
  const open = useOverlay('partialScores', partialScoresVisible(route, Boolean(snap.user), snap.acknowledgedBannerOpen));
  return (
    <Modal
      open={open}
      onClose={() => void closePartialScores()}
      title="Punctaj parțial la simulări"
      className="partial-scores"
      footer={
        <button type="button" className="btn btn--primary" onClick={() => void closePartialScores()}>
          Perfect, am înțeles!
        </button>
      }
    >
      <p>
        Vestea bună: la simulările Medinsider și la simulările pe surse (atât online, cât și pe foaia de răspuns) punctajul
        ține cont de <strong>punctajele parțiale</strong>, după regulile centrului universitar pentru care te pregătești.
      </p>
      <p>Calculul se aplică pentru universitățile de medicină și farmacie din:</p>
      <ul className="partial-scores__centers">
        {PARTIAL_SCORE_CENTERS.map((c) => (
          <li key={c.city}>
            <strong>{c.city}</strong> — {c.university}
          </li>
        ))}
      </ul>
      <p className="muted">
        Regulile se pot schimba de la an la an; verifică întotdeauna și metodologia oficială a centrului tău.
      </p>
    </Modal>
  );
}
