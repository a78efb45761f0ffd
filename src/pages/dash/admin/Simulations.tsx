// /admin/simulari: build a simulation to a centre's format from the grid bank (POST
// /admin/simulations), see every simulation with its drafts, publish a draft.
import { useEffect, useState, type FormEvent } from 'react';
import { AdminGate } from '../../../components/content/AdminGate.tsx';
import { ErrorList } from '../../../shell/form/index.ts';
import { createSimulation, fetchAdminSimulations, publishSimulation, type SimulationSummary } from '../../../api/simulations.ts';
import { ApiError, errorCode } from '../../../api/errors.ts';
import { showToast } from '../../../state/toast.ts';
import { DEFAULT_SCORING_PROFILES } from '../../../shared/scoring-profiles.ts';
import { SIMULATION_KINDS, type SimulationKind } from '../../../shared/simulation-schema.ts';
import type { Subject } from '../../../shared/scoring.ts';
import { minutesLabel, variantKey, variantLabel, windowLabel } from '../../../components/simulations/format.ts';
import '../../../styles/tests.css';
import '../../../styles/simulations.css';

const KIND_LABEL: Record<SimulationKind, string> = { centre: 'Centru', source: 'Sursă', medinsider: 'Medinsider' };
const codesOf = (err: unknown) =>
  err instanceof ApiError ? Object.entries(err.body.errors).flatMap(([k, v]) => v.map((c) => (k === 'general' ? c : `${k}: ${c}`))) : [errorCode(err)];
/** datetime-local value → ISO with offset, or null when empty. */
const iso = (v: string) => (v ? new Date(v).toISOString() : null);

export default function AdminSimulations() {
  const [list, setList] = useState<SimulationSummary[]>([]);
  const [title, setTitle] = useState('');
  const [kind, setKind] = useState<SimulationKind>('centre');
  const [center, setCenter] = useState('timisoara');
  const [variant, setVariant] = useState('biologie,chimie');
  const [sourceBook, setSourceBook] = useState('');
  const [premium, setPremium] = useState(false);
  const [opens, setOpens] = useState('');
  const [closes, setCloses] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const profile = DEFAULT_SCORING_PROFILES.find((p) => p.slug === center);

  const reload = () => fetchAdminSimulations().then((r) => setList(r.simulations)).catch((err) => setErrors(codesOf(err)));
  useEffect(() => {
    void reload();
  }, []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setErrors([]);
    try {
      await createSimulation({
        title,
        kind,
        profile_slug: center,
        variant: variant.split(',') as Subject[],
        source_book: kind === 'source' ? sourceBook : null,
        is_premium: premium,
        opens_at: iso(opens),
        closes_at: iso(closes),
        publish: false,
      });
      showToast('SIMULATION_CREATED');
      setTitle('');
      await reload();
    } catch (err) {
      setErrors(codesOf(err));
    } finally {
      setBusy(false);
    }
  }

  async function publish(id: string) {
    try {
      await publishSimulation(id);
      showToast('SIMULATION_PUBLISHED');
      await reload();
    } catch (err) {
      setErrors(codesOf(err));
    }
  }

  return (
    <AdminGate title="Simulări">
      <section className="card" aria-labelledby="sim-new-title">
        <h2 id="sim-new-title">Simulare nouă</h2>
        <p className="muted">Grilele se aleg aleator din banca publicată, după intervalele, tipurile și materiile profilului centrului.</p>
        <form className="form" onSubmit={(e) => void submit(e)} noValidate>
          <div className="form-field">
            <label className="form-field__label" htmlFor="sim-title">Titlul</label>
            <input id="sim-title" className="form-field__input" value={title} onChange={(e) => setTitle(e.target.value)} />
          </div>
          <div className="sim-filters">
            <div className="form-field">
              <label className="form-field__label" htmlFor="sim-kind">Tipul</label>
              <select id="sim-kind" className="form-field__input form-select" value={kind} onChange={(e) => setKind(e.target.value as SimulationKind)}>
                {SIMULATION_KINDS.map((k) => (
                  <option key={k} value={k}>{KIND_LABEL[k]}</option>
                ))}
              </select>
            </div>
            <div className="form-field">
              <label className="form-field__label" htmlFor="sim-admin-center">Centrul (profilul de punctare)</label>
              <select id="sim-admin-center" className="form-field__input form-select" value={center} onChange={(e) => setCenter(e.target.value)}>
                {DEFAULT_SCORING_PROFILES.map((p) => (
                  <option key={p.slug} value={p.slug}>{p.name}</option>
                ))}
              </select>
            </div>
            <div className="form-field">
              <label className="form-field__label" htmlFor="sim-admin-variant">Materiile</label>
              <select id="sim-admin-variant" className="form-field__input form-select" value={variant} onChange={(e) => setVariant(e.target.value)}>
                {(profile?.subject_variants ?? []).map((v) => (
                  <option key={variantKey(v)} value={variantKey(v)}>{variantLabel(v)}</option>
                ))}
              </select>
            </div>
          </div>
          {kind === 'source' ? (
            <div className="form-field">
              <label className="form-field__label" htmlFor="sim-book">Sursa (câmpul „sursă” al grilelor)</label>
              <input id="sim-book" className="form-field__input" value={sourceBook} onChange={(e) => setSourceBook(e.target.value)} />
            </div>
          ) : null}
          <div className="sim-filters">
            <div className="form-field">
              <label className="form-field__label" htmlFor="sim-opens">Se deschide (gol = oricând)</label>
              <input id="sim-opens" type="datetime-local" className="form-field__input" value={opens} onChange={(e) => setOpens(e.target.value)} />
            </div>
            <div className="form-field">
              <label className="form-field__label" htmlFor="sim-closes">Se închide (gol = niciodată)</label>
              <input id="sim-closes" type="datetime-local" className="form-field__input" value={closes} onChange={(e) => setCloses(e.target.value)} />
            </div>
          </div>
          <label className="check-line">
            <input type="checkbox" checked={premium} onChange={(e) => setPremium(e.target.checked)} /> Doar pentru Premium
          </label>
          {errors.length ? <ErrorList codes={errors} className="form-errors" /> : null}
          <button type="submit" className="btn btn--primary" disabled={busy}>
            Construiește simularea (ciornă)
          </button>
        </form>
      </section>
      <div className="sim-list">
        {list.map((s) => (
          <article key={s.id} className="card sim-card">
            <h3 className="sim-card__title">{s.title}</h3>
            <p className="sim-card__meta">
              {KIND_LABEL[s.kind]} · {s.profile.name} · {variantLabel(s.variant)} · {s.grid_count} întrebări · {minutesLabel(s.time_limit_s)}
              {s.is_premium ? ' · Premium' : ''}
            </p>
            <p className="muted sim-card__window">
              {windowLabel(s)} · id {s.id}
            </p>
            {s.published ? (
              <span className="pill pill--ok">Publicată</span>
            ) : (
              <button type="button" className="btn btn--ghost btn--small" onClick={() => void publish(s.id)}>
                Publică
              </button>
            )}
          </article>
        ))}
      </div>
    </AdminGate>
  );
}
