// The options of one grid as real radios (CS) or checkboxes (CM/CG) with labels; after a
// reveal (tutor mode, results) each option says whether it is correct and whether it was marked.
// On the solve screen an option can be struck out (a visual aid): right click on desktop, a long
// press on touch screens, Shift+letter on the keyboard.
import { useId, useRef } from 'react';
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
  /** Letters struck out by the candidate, and how to strike one (solve screen only). */
  struck?: readonly string[];
  onStrike?: (letter: OptionLetter) => void;
};

const LONG_PRESS_MS = 500;

export function OptionList({ gridId, type, options, selected, onToggle, disabled, correct, struck = [], onStrike }: OptionListProps) {
  const auto = useId();
  const press = useRef<{ timer: ReturnType<typeof setTimeout> | null; struckAt: number }>({ timer: null, struckAt: 0 });
  // A long press and the contextmenu it also fires on some phones must strike once, and the
  // click that follows the press must not mark the option.
  const strike = (letter: OptionLetter) => {
    if (!onStrike || Date.now() - press.current.struckAt < 700) return;
    press.current.struckAt = Date.now();
    onStrike(letter);
  };
  const cancelPress = () => {
    if (press.current.timer) clearTimeout(press.current.timer);
    press.current.timer = null;
  };
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
        const isStruck = struck.includes(letter);
        return (
          <div key={letter} className={`option${checked ? ' is-checked' : ''}${state}${isStruck ? ' is-struck' : ''}`}>
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
            <label
              htmlFor={id}
              className="option__label"
              {...(onStrike
                ? {
                    title: 'Clic dreapta (sau apăsare lungă): taie varianta',
                    onContextMenu: (e: React.MouseEvent) => {
                      e.preventDefault();
                      strike(letter);
                    },
                    onPointerDown: (e: React.PointerEvent) => {
                      if (e.pointerType !== 'touch') return;
                      cancelPress();
                      press.current.timer = setTimeout(() => strike(letter), LONG_PRESS_MS);
                    },
                    onPointerUp: cancelPress,
                    onPointerLeave: cancelPress,
                    onPointerCancel: cancelPress,
                    onClick: (e: React.MouseEvent) => {
                      if (Date.now() - press.current.struckAt < 700) e.preventDefault();
                    },
                  }
                : {})}
            >
              <span className="option__letter" aria-hidden="true">
                {letter}
              </span>
              <span className="option__text">
                <span className="sr-only">{letter}. </span>
                {options[letter]}
                {isStruck ? <span className="sr-only"> (tăiată)</span> : null}
              </span>
              {isCorrect !== null ? (
                <span className="option__mark">{isCorrect ? (checked ? 'Corect, bifat' : 'Corect, nebifat') : checked ? 'Greșit, bifat' : ''}</span>
              ) : null}
            </label>
          </div>
        );
      })}
      {/* A finger has no hover to show the title: on a touch screen the way to strike is said. */}
      {onStrike ? <p className="options__touch-hint muted">Ține apăsat pe o variantă ca s-o tai (s-o elimini din calcul).</p> : null}
    </fieldset>
  );
}
