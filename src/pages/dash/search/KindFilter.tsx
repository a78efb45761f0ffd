// Toate / Grile / Capitole (issue 30 §3): native radios in a fieldset, so arrow keys move the
// choice and a screen reader names the group; the choice lives in the address (?tip=).
import { useEffect, useState } from 'react';
import type { SearchKind } from '../../../shared/search-rules.ts';
import '../../../styles/forms.css';

export const KIND_PARAM = 'tip';
const CHOICES: [SearchKind, string, string | null][] = [
  ['all', 'Toate', null],
  ['grids', 'Grile', 'grile'],
  ['chapters', 'Capitole', 'capitole'],
];

/** The kind named by the address's ?tip= (anything else: all). */
export function kindOf(params: URLSearchParams): SearchKind {
  const v = params.get(KIND_PARAM);
  return CHOICES.find(([, , p]) => p !== null && p === v)?.[0] ?? 'all';
}

/** The ?tip= value of a kind (null: leave it out). */
export const kindParam = (kind: SearchKind) => CHOICES.find(([k]) => k === kind)?.[2] ?? null;

export function KindFilter({ value, onChange }: { value: SearchKind; onChange: (k: SearchKind) => void }) {
  // Checked at once: the address (and so `value`) changes a moment later, after the navigation.
  const [picked, setPicked] = useState(value);
  useEffect(() => setPicked(value), [value]);
  const pick = (k: SearchKind) => {
    setPicked(k);
    onChange(k);
  };
  return (
    <fieldset className="form-fieldset search-kind">
      <legend className="search-kind__legend">Caută în</legend>
      <div className="form-segmented">
        {CHOICES.map(([k, label]) => (
          <label key={k} className={`form-segmented__option${picked === k ? ' is-active' : ''}`}>
            <input type="radio" name="search-kind" value={k} checked={picked === k} onChange={() => pick(k)} />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
