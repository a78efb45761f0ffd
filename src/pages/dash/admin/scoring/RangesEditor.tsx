// Question ranges (from–to, type, subject, partial-credit rule, points, penalty) and the per-type
// rules used for practice tests that do not have the exam's shape.
import type { QuestionType } from '../../../../shared/scoring.ts';
import { ErrorList } from '../../../../shell/form/index.ts';
import { newKey, type Draft, type Errors, type RangeDraft, type RuleDraft } from './draft.ts';
import { SelectInput, TextInput, at } from './fields.tsx';
import { RULE_OPTIONS, SUBJECT_OPTIONS, TYPE_LABEL, TYPE_OPTIONS } from './labels.ts';

type Props = { draft: Draft; errors: Errors; onChange: (d: Draft) => void; estimated: boolean };

type RuleProps = { idBase: string; rule: RuleDraft; errPath: string; errors: Errors; onChange: (r: RuleDraft) => void; withPoints?: boolean };

/** Rule, points and (per_option) penalty; the per-type rules have no points: scoreTest gives every practice grid 1. */
function RuleFields({ idBase, rule, errPath, errors, onChange, withPoints = true }: RuleProps) {
  return (
    <>
      <SelectInput
        id={`${idBase}-rule`}
        className="scoring-field--wide"
        label="Regula de punctare"
        value={rule.rule}
        options={RULE_OPTIONS}
        errors={at(errors, `${errPath}.rule`)}
        onChange={(v) => onChange({ ...rule, rule: v })}
      />
      {withPoints ? (
        <TextInput id={`${idBase}-points`} label="Puncte pe întrebare" numeric value={rule.points} errors={at(errors, `${errPath}.points`)} onChange={(v) => onChange({ ...rule, points: v })} />
      ) : null}
      {rule.rule === 'per_option' ? (
        <TextInput
          id={`${idBase}-penalty`}
          label="Penalizare pe variantă greșită"
          hint="Gol = 1 (o variantă greșită anulează una corectă)."
          numeric
          value={rule.penalty}
          errors={at(errors, `${errPath}.penalty`)}
          onChange={(v) => onChange({ ...rule, penalty: v })}
        />
      ) : null}
    </>
  );
}

export function RangesEditor({ draft, errors, onChange, estimated }: Props) {
  const setRange = (i: number, r: RangeDraft) => onChange({ ...draft, ranges: draft.ranges.map((x, j) => (j === i ? r : x)) });
  const remove = (i: number) => onChange({ ...draft, ranges: draft.ranges.filter((_, j) => j !== i) });
  const add = () => {
    const last = draft.ranges.at(-1);
    const from = last ? String((Number(last.to) || 0) + 1) : '1';
    onChange({ ...draft, ranges: [...draft.ranges, { key: newKey(), from, to: from, type: 'CS', subject: '', rule: 'all_or_nothing', points: '1', penalty: '' }] });
  };
  const setTypeRule = (t: QuestionType, r: RuleDraft) => onChange({ ...draft, type_rules: { ...draft.type_rules, [t]: r } });
  return (
    <>
      <fieldset className="scoring-section" aria-describedby="scoring-ranges-errors">
        <legend>
          Intervalele de întrebări {estimated ? <span className="pill pill--estimate">Estimare</span> : null}
        </legend>
        <p className="muted scoring-section__hint">Consecutive, de la întrebarea 1 până la numărul de întrebări al examenului, fără goluri sau suprapuneri.</p>
        <ErrorList id="scoring-ranges-errors" codes={at(errors, 'ranges')} />
        <ol className="scoring-ranges">
          {draft.ranges.map((r, i) => {
            const p = `ranges.${i}`;
            const idBase = `range-${r.key}`;
            return (
              <li key={r.key} className="scoring-range">
                <div className="scoring-range__head">
                  <h3>Intervalul {i + 1}</h3>
                  <button type="button" className="btn btn--ghost btn--small" onClick={() => remove(i)} aria-label={`Șterge intervalul ${i + 1}`} disabled={draft.ranges.length === 1}>
                    Șterge
                  </button>
                </div>
                <div className="scoring-grid">
                  <TextInput id={`${idBase}-from`} label="De la întrebarea" numeric value={r.from} errors={at(errors, `${p}.from`)} onChange={(v) => setRange(i, { ...r, from: v })} />
                  <TextInput id={`${idBase}-to`} label="Până la întrebarea" numeric value={r.to} errors={at(errors, `${p}.to`)} onChange={(v) => setRange(i, { ...r, to: v })} />
                  <SelectInput id={`${idBase}-type`} label="Tipul" value={r.type} options={TYPE_OPTIONS} errors={at(errors, `${p}.type`)} onChange={(v) => setRange(i, { ...r, type: v })} />
                  <SelectInput id={`${idBase}-subject`} label="Materia" value={r.subject} options={SUBJECT_OPTIONS} errors={at(errors, `${p}.subject`)} onChange={(v) => setRange(i, { ...r, subject: v })} />
                  <RuleFields idBase={idBase} rule={r} errPath={p} errors={errors} onChange={(x) => setRange(i, { ...r, ...x })} />
                </div>
              </li>
            );
          })}
        </ol>
        <button type="button" className="btn btn--ghost btn--small" onClick={add}>
          Adaugă un interval
        </button>
      </fieldset>
      <fieldset className="scoring-section">
        <legend>Reguli pentru testele de exersare</legend>
        <p className="muted scoring-section__hint">
          Un test care nu are forma examenului se notează după tipul fiecărei grile (1 punct pe grilă), apoi se raportează la punctajul examenului.
        </p>
        {(['CM', 'CS', 'CG'] as const).map((t) => (
          <div key={t} className="scoring-type-rule">
            <h3>{TYPE_LABEL[t]}</h3>
            <div className="scoring-grid">
              <RuleFields idBase={`type-${t}`} rule={draft.type_rules[t]} errPath={`type_rules.${t}`} errors={errors} withPoints={false} onChange={(x) => setTypeRule(t, x)} />
            </div>
          </div>
        ))}
      </fieldset>
    </>
  );
}
