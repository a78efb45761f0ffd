// What each key action of the solve screen does (the key map itself is keyAction in
// src/state/solve.ts). Returns false when the key did nothing, so the browser keeps its meaning.
import type { KeyAction } from '../../../state/solve.ts';
import type { OptionLetter } from '../../../shared/constants.ts';

export type SolveKeyContext = {
  /** A grid is shown and no confirmation dialog is open. */
  active: boolean;
  hasOption: (letter: OptionLetter) => boolean;
  /** Tutor mode with a draft answer not yet confirmed. */
  canConfirm: boolean;
  helpOpen: boolean;
  mark: (letter: OptionLetter) => void;
  strike: (letter: OptionLetter) => void;
  prev: () => void;
  next: () => void;
  flag: () => void;
  confirm: () => void;
  toggleHelp: () => void;
  closeHelp: () => void;
};

export function handleSolveKey(a: KeyAction, c: SolveKeyContext): boolean | void {
  if (!c.active) return false;
  switch (a.type) {
    case 'mark':
      if (!c.hasOption(a.letter)) return false;
      c.mark(a.letter);
      return;
    case 'strike':
      c.strike(a.letter);
      return;
    case 'prev':
      c.prev();
      return;
    case 'next':
      c.next();
      return;
    case 'flag':
      c.flag();
      return;
    case 'confirm':
      if (!c.canConfirm) return false;
      c.confirm();
      return;
    case 'help':
      c.toggleHelp();
      return;
    case 'close':
      if (!c.helpOpen) return false;
      c.closeHelp();
      return;
  }
}
