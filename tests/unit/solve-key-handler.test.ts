import { describe, expect, it, vi } from 'vitest';
import { handleSolveKey, type SolveKeyContext } from '../../src/pages/tests/solve/key-handler.ts';

function context(over: Partial<SolveKeyContext> = {}): SolveKeyContext {
  return {
    active: true,
    hasOption: (l) => l !== 'E',
    canConfirm: false,
    helpOpen: false,
    mark: vi.fn(),
    strike: vi.fn(),
    prev: vi.fn(),
    next: vi.fn(),
    flag: vi.fn(),
    confirm: vi.fn(),
    toggleHelp: vi.fn(),
    closeHelp: vi.fn(),
    ...over,
  };
}

describe('solve screen key actions', () => {
  it('marks an option the grid has and leaves a missing one to the browser', () => {
    const c = context();
    expect(handleSolveKey({ type: 'mark', letter: 'B' }, c)).not.toBe(false);
    expect(c.mark).toHaveBeenCalledWith('B');
    expect(handleSolveKey({ type: 'mark', letter: 'E' }, c)).toBe(false);
    expect(c.mark).toHaveBeenCalledTimes(1);
  });

  it('does nothing while no grid is shown or a dialog is open', () => {
    const c = context({ active: false });
    for (const a of [{ type: 'next' }, { type: 'flag' }, { type: 'mark', letter: 'A' }] as const)
      expect(handleSolveKey(a, c)).toBe(false);
    expect(c.next).not.toHaveBeenCalled();
    expect(c.flag).not.toHaveBeenCalled();
  });

  it('confirms only a pending tutor draft (Enter keeps its meaning otherwise)', () => {
    const none = context();
    expect(handleSolveKey({ type: 'confirm' }, none)).toBe(false);
    expect(none.confirm).not.toHaveBeenCalled();
    const draft = context({ canConfirm: true });
    expect(handleSolveKey({ type: 'confirm' }, draft)).not.toBe(false);
    expect(draft.confirm).toHaveBeenCalledOnce();
  });

  it('Escape closes the help only when it is open', () => {
    const closed = context();
    expect(handleSolveKey({ type: 'close' }, closed)).toBe(false);
    const open = context({ helpOpen: true });
    handleSolveKey({ type: 'close' }, open);
    expect(open.closeHelp).toHaveBeenCalledOnce();
  });

  it('moves, flags, strikes and toggles the help', () => {
    const c = context();
    handleSolveKey({ type: 'prev' }, c);
    handleSolveKey({ type: 'next' }, c);
    handleSolveKey({ type: 'flag' }, c);
    handleSolveKey({ type: 'strike', letter: 'C' }, c);
    handleSolveKey({ type: 'help' }, c);
    expect(c.prev).toHaveBeenCalledOnce();
    expect(c.next).toHaveBeenCalledOnce();
    expect(c.flag).toHaveBeenCalledOnce();
    expect(c.strike).toHaveBeenCalledWith('C');
    expect(c.toggleHelp).toHaveBeenCalledOnce();
  });
});
