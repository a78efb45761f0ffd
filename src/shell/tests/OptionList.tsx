// The options of one grid as real radios (CS) or checkboxes (CM/CG) with labels; after a
// reveal (tutor mode, results) each option says whether it is correct and whether it was marked.
import { useId } from 'react';
import type { GridType, OptionLetter } from '../../shared/constants.ts';
import { OPTION_LETTERS } from '../../shared/constants.ts';

export type OptionListProps = {
  gridId: number;
  type: GridType;
  options: Record<string, string>;
  selected: readonly string[];
  onToggle?: (letter: OptionLetter) => void;
  disabled?: boolean;
  /** When known and revealed: the correct letters. */
  correct?: readonly string[] | null;
};

export function OptionList({ gridId, type, options, selected, onToggle, disabled, correct }: OptionListProps) {
  const auto = useId();
  const name = `grid-${gridId}-${auto}`;
  const letters = OPTION_LETTERS.filter((l) => options[l] !== undefined);
  const single = type === 'CS';
  return (
    <fieldset className="options" disabled={disabled}>
      <legend className="sr-only">{single ? 'Alege un singur răspuns' : 'Alege unul sau mai multe răspunsuri'}</legend>
      {letters.map((letter) => {
        const id = `${name}-${letter}`;
        const checked = selected.includes(letter);
        const isCorrect = correct ? correct.includes(letter) : null;
        const state =
          isCorrect === null ? '' : isCorrect && checked ? ' is-right' : isCorrect ? ' is-missed' : checked ? ' is-wrong' : '';
        return (
          <div key={letter} className={`option${checked ? ' is-checked' : ''}${state}`}>
            <input
              id={id}
              type={single ? 'radio' : 'checkbox'}
              name={name}
              value={letter}
              checked={checked}
              onChange={() => onToggle?.(letter)}
              onClick={(e) => {
                // A radio cannot be unchecked by a click; CS allows clearing the choice.
                if (single && checked) {
                  e.preventDefault();
                  onToggle?.(letter);
                }
              }}
              className="option__input"
            />
            <label htmlFor={id} className="option__label">
              <span className="option__letter" aria-hidden="true">
                {letter}
              </span>
              <span className="option__text">
                <span className="sr-only">{letter}. </span>
                {options[letter]}
              </span>
              {isCorrect !== null ? (
                <span className="option__mark">{isCorrect ? (checked ? 'Corect, bifat' : 'Corect, nebifat') : checked ? 'Greșit, bifat' : ''}</span>
              ) : null}
            </label>
          </div>
        );
      })}
    </fieldset>
  );
}
