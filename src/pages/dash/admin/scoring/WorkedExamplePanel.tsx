// Live preview of the edited profile: a sample answer sheet (counts per range, editable) graded by
// src/shared/scoring-example.ts → scoreTest, the code that grades every test, shown step by step.
import { useMemo } from 'react';
import type { ScoringProfile } from '../../../../shared/scoring.ts';
import { workedExample, type SampleCounts } from '../../../../shared/scoring-example.ts';
import { RULE_LABEL, ro } from './labels.ts';

type Props = {
  /** The checked profile, or null while the form has errors. */
  profile: ScoringProfile | null;
  /** Keys of the draft's ranges, in the same order as profile.ranges. */
  rangeKeys: readonly number[];
  counts: Readonly<Record<number, SampleCounts>>;
  onCounts: (key: number, c: SampleCounts) => void;
  bacAverage: string;
  onBacAverage: (v: string) => void;
};

const int = (v: string) => {
  const n = Number.parseInt(v, 10);
  return Number.isFinite(n) ? n : 0;
};

function CountInput({ label, value, onChange, max }: { label: string; value: number; onChange: (n: number) => void; max: number }) {
  return (
    <label className="scoring-count">
      <span>{label}</span>
      <input type="number" className="form-field__input" min={0} max={max} value={value} onChange={(e) => onChange(int(e.target.value))} />
    </label>
  );
}

export function WorkedExamplePanel({ profile, rangeKeys, counts, onCounts, bacAverage, onBacAverage }: Props) {
  const bac = Number(bacAverage.replace(',', '.'));
  const bacOk = bacAverage.trim() !== '' && Number.isFinite(bac) && bac >= 1 && bac <= 10;
  const w = useMemo(
    () => (profile ? workedExample(profile, rangeKeys.map((k) => counts[k]), bacOk ? bac : 9) : null),
    [profile, rangeKeys, counts, bac, bacOk],
  );
  return (
    <section className="card scoring-preview" aria-labelledby="scoring-preview-title" aria-live="polite">
      <h2 id="scoring-preview-title">Exemplu de calcul</h2>
      <p className="muted">
        O foaie de probă notată cu același cod ca testele din aplicație. La CM corecte sunt A și C: „parțial” = doar A, „greșit” = A, C și D; la CS/CG
        corectă este B, „greșit” = C. Schimbă numerele ca să vezi efectul.
      </p>
      {!w || !profile ? (
        <p className="scoring-preview__invalid" data-testid="scoring-example-invalid">
          Corectează câmpurile marcate ca să vezi exemplul.
        </p>
      ) : (
        <>
          {w.assumed_length ? <p className="muted">Numărul de întrebări nu este cunoscut: exemplul se oprește la ultimul interval (Q{w.question_count}).</p> : null}
          <ol className="scoring-steps">
            {w.ranges.map((s) => {
              const key = rangeKeys[s.index]!;
              const size = s.to - s.from + 1;
              const set = (patch: Partial<SampleCounts>) => onCounts(key, { right: s.counts.right, partial: s.counts.partial, wrong: s.counts.wrong, ...patch });
              const terms = [`${s.counts.right} × ${ro(s.each.right)}`];
              if (s.type === 'CM') terms.push(`${s.counts.partial} × ${ro(s.each.partial)}`);
              terms.push(`${s.counts.wrong} × ${ro(s.each.wrong)}`);
              return (
                <li key={key} className="scoring-step">
                  <p className="scoring-step__title">
                    <strong>
                      Q{s.from}–{s.to}
                    </strong>{' '}
                    · {s.type} · {RULE_LABEL[s.rule.rule]} · {ro(s.rule.points)} p
                  </p>
                  <div className="scoring-counts">
                    <CountInput label="Corecte" max={size} value={s.counts.right} onChange={(n) => set({ right: n })} />
                    {s.type === 'CM' ? <CountInput label="Parțiale" max={size} value={s.counts.partial} onChange={(n) => set({ partial: n })} /> : null}
                    <CountInput label="Greșite" max={size} value={s.counts.wrong} onChange={(n) => set({ wrong: n })} />
                    <span className="scoring-count scoring-count--blank">
                      <span>Necompletate</span>
                      <strong>{s.counts.blank}</strong>
                    </span>
                  </div>
                  <p className="scoring-step__sum">
                    {terms.join(' + ')} = <strong>{ro(s.points)} p</strong> <span className="muted">din {ro(s.max)}</span>
                  </p>
                </li>
              );
            })}
          </ol>
          <dl className="scoring-total">
            <div>
              <dt>Punctaj la test</dt>
              <dd data-testid="scoring-example-points">
                {ro(w.test_points)} din {ro(w.max_test_points)}
              </dd>
            </div>
            <div>
              <dt>Nota</dt>
              <dd>
                ({ro(w.attendance_points)} din oficiu + {ro(w.test_points)}) / {ro(w.scale_divisor)} = {ro(w.raw_grade, 6)}
              </dd>
            </div>
            <div>
              <dt>Trunchiată la {w.truncate_decimals} zecimale</dt>
              <dd className="scoring-total__grade" data-testid="scoring-example-grade">
                {w.grade.toFixed(w.truncate_decimals).replace('.', ',')}
              </dd>
            </div>
            <div>
              <dt>Rezultat</dt>
              <dd>
                {w.passed ? 'Promovat' : 'Nepromovat'} (nota minimă {ro(w.pass_mark)})
              </dd>
            </div>
          </dl>
          {w.bac_share > 0 && w.admission_average !== null ? (
            <div className="scoring-bac">
              <label className="scoring-count">
                <span>Media de bacalaureat</span>
                <input className="form-field__input" inputMode="decimal" value={bacAverage} onChange={(e) => onBacAverage(e.target.value)} />
              </label>
              <p>
                Media de admitere: {ro(w.grade)} × {ro((1 - w.bac_share) * 100, 2)}% + {ro(w.bac_average)} × {ro(w.bac_share * 100, 2)}% ={' '}
                <strong data-testid="scoring-example-admission">{w.admission_average.toFixed(w.truncate_decimals).replace('.', ',')}</strong>{' '}
                <span className="muted">(trunchiată)</span>
              </p>
              {!bacOk ? <p className="muted">Media de bacalaureat trebuie să fie între 1 și 10; exemplul folosește 9.</p> : null}
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
