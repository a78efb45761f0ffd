// The editor of one centre's scoring profile: every field of ScoringProfile as a real form, checked
// live with the shared scoringProfileBody (the server's own schema), the worked example beside it,
// and PUT /admin/scoring-profiles/:slug on save (server errors land on the same fields).
import { useMemo, useState, type FormEvent } from 'react';
import { ESTIMATED_PARTS, SUBJECTS, type ScoringProfile, type Subject } from '../../../../shared/scoring.ts';
import type { SampleCounts } from '../../../../shared/scoring-example.ts';
import { saveScoringProfile } from '../../../../api/scoring-profiles.ts';
import { errorsOf, ErrorList, FormErrors } from '../../../../shell/form/index.ts';
import { GENERAL } from '../../../../shared/codes.ts';
import { showToast } from '../../../../state/toast.ts';
import { fromProfile, validate, type Draft, type Errors, type FinalDraft } from './draft.ts';
import { TextArea, TextInput, at } from './fields.tsx';
import { PART_LABEL, SUBJECT_LABEL } from './labels.ts';
import { RangesEditor } from './RangesEditor.tsx';
import { WorkedExamplePanel } from './WorkedExamplePanel.tsx';

const Estimate = ({ on }: { on: boolean }) => (on ? <span className="pill pill--estimate">Estimare</span> : null);

export function ProfileEditor({ profile, onSaved }: { profile: ScoringProfile; onSaved: (p: ScoringProfile) => void }) {
  const [draft, setDraft] = useState<Draft>(() => fromProfile(profile));
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const [counts, setCounts] = useState<Record<number, SampleCounts>>({});
  const [bacAverage, setBacAverage] = useState('9');
  const [busy, setBusy] = useState(false);
  const checked = useMemo(() => validate(draft), [draft]);
  // Live client errors (the shared schema), then whatever the server said about the last save.
  const errors: Errors = checked.errors ?? serverErrors;
  const preview = useMemo<ScoringProfile | null>(() => (checked.body ? { ...checked.body, slug: profile.slug } : null), [checked, profile.slug]);
  const rangeKeys = useMemo(() => draft.ranges.map((r) => r.key), [draft.ranges]);
  const est = (part: (typeof ESTIMATED_PARTS)[number]) => !draft.known && draft.estimated_parts.includes(part);

  const change = (d: Draft) => {
    setDraft(d);
    setServerErrors({});
  };
  const setFinal = (k: keyof FinalDraft, v: string) => change({ ...draft, final: { ...draft.final, [k]: v } });
  const togglePart = (part: (typeof ESTIMATED_PARTS)[number], on: boolean) =>
    change({ ...draft, estimated_parts: on ? ESTIMATED_PARTS.filter((p) => p === part || draft.estimated_parts.includes(p)) : draft.estimated_parts.filter((p) => p !== part) });
  const setVariant = (i: number, subject: Subject, on: boolean) =>
    change({
      ...draft,
      subject_variants: draft.subject_variants.map((v, j) => (j !== i ? v : on ? SUBJECTS.filter((s) => s === subject || v.includes(s)) : v.filter((s) => s !== subject))),
    });

  async function save(e: FormEvent) {
    e.preventDefault();
    if (!checked.body) {
      (e.currentTarget as HTMLElement).querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setBusy(true);
    try {
      const res = await saveScoringProfile(profile.slug, checked.body);
      showToast(res.success);
      onSaved(res.profile);
    } catch (err) {
      setServerErrors(errorsOf(err).errors);
    } finally {
      setBusy(false);
    }
  }

  const anyErrors = Object.keys(errors).length > 0;
  return (
    <div className="scoring-editor">
      <form className="form scoring-form" onSubmit={(e) => void save(e)} noValidate aria-labelledby="scoring-edit-title">
        <h2 id="scoring-edit-title">{profile.name}</h2>
        <fieldset className="scoring-section">
          <legend>Sursa</legend>
          <TextInput id="scoring-name" label="Numele centrului" value={draft.name} errors={at(errors, 'name')} onChange={(v) => change({ ...draft, name: v })} />
          <TextArea
            id="scoring-source"
            label="Sursa și ce lipsește"
            hint="Metodologia citată; ce nu s-a găsit și ce am presupus în locul ei."
            value={draft.source}
            errors={at(errors, 'source')}
            onChange={(v) => change({ ...draft, source: v })}
          />
          <TextInput
            id="scoring-year"
            label="Anul metodologiei"
            hint="De exemplu 2019–2020; gol dacă nu se știe."
            value={draft.source_year}
            errors={at(errors, 'source_year')}
            onChange={(v) => change({ ...draft, source_year: v })}
          />
        </fieldset>
        <fieldset className="scoring-section">
          <legend>Confirmat sau estimare</legend>
          <div className={`form-field form-check${at(errors, 'known').length ? ' form-field--invalid' : ''}`}>
            <div className="form-check__row">
              <input
                id="scoring-known"
                type="checkbox"
                className="form-check__input"
                checked={draft.known}
                aria-invalid={at(errors, 'known').length > 0 || undefined}
                aria-describedby={at(errors, 'known').length ? 'scoring-known-errors' : undefined}
                onChange={(e) => change({ ...draft, known: e.target.checked })}
              />
              <label htmlFor="scoring-known" className="form-check__label">
                Regulile sunt confirmate de metodologia centrului
              </label>
            </div>
            <ErrorList id="scoring-known-errors" codes={at(errors, 'known')} />
          </div>
          {draft.known ? (
            <p className="muted">Notele calculate cu acest profil apar fără eticheta „Estimare”.</p>
          ) : (
            <div className={`form-field${at(errors, 'estimated_parts').length ? ' form-field--invalid' : ''}`} role="group" aria-labelledby="scoring-parts-label" aria-describedby="scoring-parts-errors">
              <p id="scoring-parts-label" className="form-field__label">
                Ce părți sunt presupuneri (afișate ca „Estimare”)
              </p>
              <div className="scoring-checks">
                {ESTIMATED_PARTS.map((part) => (
                  <label key={part} className="scoring-check">
                    <input type="checkbox" checked={draft.estimated_parts.includes(part)} onChange={(e) => togglePart(part, e.target.checked)} />
                    {PART_LABEL[part]}
                  </label>
                ))}
              </div>
              <ErrorList id="scoring-parts-errors" codes={at(errors, 'estimated_parts')} />
            </div>
          )}
        </fieldset>
        <fieldset className="scoring-section">
          <legend>Examenul</legend>
          <div className="scoring-grid">
            <TextInput
              id="scoring-count"
              label={<>Numărul de întrebări <Estimate on={est('question_count')} /></>}
              hint="Gol dacă nu se știe."
              numeric
              value={draft.question_count}
              errors={at(errors, 'question_count')}
              onChange={(v) => change({ ...draft, question_count: v })}
            />
            <TextInput
              id="scoring-time"
              label={<>Durata (minute) <Estimate on={est('time_limit')} /></>}
              hint="Gol dacă nu se știe."
              numeric
              value={draft.time_limit_min}
              errors={at(errors, 'time_limit_min')}
              onChange={(v) => change({ ...draft, time_limit_min: v })}
            />
          </div>
        </fieldset>
        <RangesEditor draft={draft} errors={errors} onChange={change} estimated={est('ranges') || est('rules')} />
        <fieldset className="scoring-section">
          <legend>
            Formula notei finale <Estimate on={est('final')} />
          </legend>
          <p className="muted scoring-section__hint">Nota = (puncte din oficiu + punctajul testului) / împărțitor, trunchiată (nu rotunjită).</p>
          <div className="scoring-grid">
            <TextInput id="scoring-attendance" label="Puncte din oficiu" numeric value={draft.final.attendance_points} errors={at(errors, 'final.attendance_points')} onChange={(v) => setFinal('attendance_points', v)} />
            <TextInput id="scoring-divisor" label="Împărțitor" numeric value={draft.final.scale_divisor} errors={at(errors, 'final.scale_divisor')} onChange={(v) => setFinal('scale_divisor', v)} />
            <TextInput id="scoring-decimals" label="Zecimale păstrate" hint="Între 0 și 4." numeric value={draft.final.truncate_decimals} errors={at(errors, 'final.truncate_decimals')} onChange={(v) => setFinal('truncate_decimals', v)} />
            <TextInput id="scoring-pass" label="Nota minimă de promovare" numeric value={draft.final.pass_mark} errors={at(errors, 'final.pass_mark')} onChange={(v) => setFinal('pass_mark', v)} />
            <TextInput
              id="scoring-bac"
              label="Ponderea bacalaureatului (%)"
              hint="0 dacă media de admitere este doar nota testului."
              numeric
              value={draft.final.bac_share_pct}
              errors={at(errors, 'final.bac_share')}
              onChange={(v) => setFinal('bac_share_pct', v)}
            />
          </div>
        </fieldset>
        <fieldset className="scoring-section" aria-describedby="scoring-variants-errors">
          <legend>
            Variantele de materii permise <Estimate on={est('subject_variants')} />
          </legend>
          <ErrorList id="scoring-variants-errors" codes={at(errors, 'subject_variants')} />
          <ol className="scoring-variants">
            {draft.subject_variants.map((v, i) => (
              <li key={i} className={at(errors, `subject_variants.${i}`).length ? 'form-field--invalid' : undefined}>
                <div className="scoring-checks" role="group" aria-label={`Varianta ${i + 1}`}>
                  {SUBJECTS.map((s) => (
                    <label key={s} className="scoring-check">
                      <input type="checkbox" checked={v.includes(s)} onChange={(e) => setVariant(i, s, e.target.checked)} />
                      {SUBJECT_LABEL[s]}
                    </label>
                  ))}
                  <button
                    type="button"
                    className="btn btn--ghost btn--small"
                    aria-label={`Șterge varianta ${i + 1}`}
                    disabled={draft.subject_variants.length === 1}
                    onClick={() => change({ ...draft, subject_variants: draft.subject_variants.filter((_, j) => j !== i) })}
                  >
                    Șterge
                  </button>
                </div>
                <ErrorList codes={at(errors, `subject_variants.${i}`)} />
              </li>
            ))}
          </ol>
          <button type="button" className="btn btn--ghost btn--small" onClick={() => change({ ...draft, subject_variants: [...draft.subject_variants, ['biologie']] })}>
            Adaugă o variantă
          </button>
        </fieldset>
        <FormErrors codes={anyErrors ? ['FORM_SCORING_PROFILE_INVALID', ...at(errors, GENERAL)] : []} />
        <button type="submit" className="btn btn--primary" disabled={busy}>
          Salvează profilul
        </button>
      </form>
      <WorkedExamplePanel
        profile={preview}
        rangeKeys={rangeKeys}
        counts={counts}
        onCounts={(k, c) => setCounts((prev) => ({ ...prev, [k]: c }))}
        bacAverage={bacAverage}
        onBacAverage={setBacAverage}
      />
    </div>
  );
}
