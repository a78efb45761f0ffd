// /teste/simulare/centre — choose a university centre and one of its allowed subject variants
// (SPEC §5), then take one of its published simulations under that centre's rules. The choice
// lives in the address (?centru=galati): it survives a reload or a remount, and the candidate's
// own centre is the start only while nothing was chosen.
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { api } from '../../api/client.ts';
import { fetchSimulations, type SimulationSummary } from '../../api/simulations.ts';
import { errorCode } from '../../api/errors.ts';
import { app } from '../../state/app.ts';
import type { ScoringProfile } from '../../shared/scoring.ts';
import { DEFAULT_SCORING_PROFILES } from '../../shared/scoring-profiles.ts';
import { SimulationCard } from '../../components/simulations/SimulationCard.tsx';
import { variantKey, variantLabel } from '../../components/simulations/format.ts';
import { centreChoice } from '../../components/simulations/centre-choice.ts';
import { ESTIMATE_EXPLANATION } from '../../components/practice/Estimate.tsx';
import { Link } from '../../router/Link.tsx';
import { useProfileLists } from '../../shell/form/ProfileSelects.tsx';
import '../../styles/tests.css';
import '../../styles/simulations.css';
import { PageNotices } from '../../components/simulations/PageNotices.tsx';

export default function SimulationCenters() {
  const { online, product, user } = useSnapshot(app);
  const { lists } = useProfileLists();
  const [params, setParams] = useSearchParams();
  // A centre the app knows; anything else in the address is ignored.
  const chosen = DEFAULT_SCORING_PROFILES.find((p) => p.slug === params.get('centru'))?.slug ?? null;
  // What was picked on this screen wins over the address, which wins over the own centre: derived at
  // render (centre-choice.ts), so no later-arriving profile can replace a pick.
  const [picked, setPicked] = useState<string | null>(null);
  const [pickedVariant, setPickedVariant] = useState<string | null>(null);
  // The admin-edited profiles; the defaults until they arrive (or offline).
  const [profiles, setProfiles] = useState<ScoringProfile[]>(DEFAULT_SCORING_PROFILES);
  const [sims, setSims] = useState<SimulationSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!online) return;
    api
      .get<{ profiles: ScoringProfile[] }>('/scoring-profiles')
      .then((r) => r.profiles.length && setProfiles(r.profiles))
      .catch(() => undefined);
  }, [online]);

  const ownCentreName = (user?.center_id && lists?.centers.find((c) => c.id === user.center_id)?.name) || null;
  const { center, profile, variant } = useMemo(
    () => centreChoice({ picked: picked ?? chosen, ownCentreName, pickedVariant, profiles, fallback: 'timisoara' }),
    [picked, chosen, ownCentreName, pickedVariant, profiles],
  );

  useEffect(() => {
    if (!online || !variant) return;
    let live = true;
    setSims(null);
    setError(null);
    fetchSimulations({ kind: 'centre', center, variant })
      .then((r) => live && setSims(r.simulations))
      .catch((err) => live && setError(errorCode(err)));
    return () => {
      live = false;
    };
  }, [online, center, variant]);

  return (
    <section className="page" aria-labelledby="simc-title">
      <header className="page-header">
        <h1 id="simc-title">Simulare pe centre</h1>
        <p className="muted">
          Examenul complet, în formatul centrului ales: numărul de întrebări, timpul și regulile de punctare, cu clasament între toți
          candidații care au susținut aceeași simulare.
        </p>
      </header>
      <div className="card sim-filters">
        <div className="form-field">
          <label className="form-field__label" htmlFor="sim-center">
            Centrul universitar
          </label>
          <select id="sim-center" className="form-field__input form-select" value={center} onChange={(e) => {
              setPicked(e.target.value);
              setParams({ centru: e.target.value }, { replace: true });
            }}>
            {profiles.map((p) => (
              <option key={p.slug} value={p.slug}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label className="form-field__label" htmlFor="sim-variant">
            Materiile
          </label>
          <select id="sim-variant" className="form-field__input form-select" value={variant ?? ''} onChange={(e) => setPickedVariant(e.target.value)}>
            {(profile?.subject_variants ?? []).map((v) => (
              <option key={variantKey(v)} value={variantKey(v)}>
                {variantLabel(v)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {profile && !profile.known ? <p className="estimate-note">{ESTIMATE_EXPLANATION}</p> : null}
      <PageNotices online={online} error={error} product={product} />
      {sims === null && online && !error ? <p className="page-loading">Se încarcă…</p> : null}
      {sims && !sims.length ? <p className="card">Nu există încă simulări publicate pentru acest centru și aceste materii.</p> : null}
      <div className="sim-list">
        {(sims ?? []).map((s) => (
          <SimulationCard key={s.id} sim={s} profile={profiles.find((p) => p.slug === s.profile.slug)} />
        ))}
      </div>
      <p className="sim-back">
        <Link to="/teste">Înapoi la teste</Link>
      </p>
    </section>
  );
}
