import { describe, expect, it } from 'vitest';
import { keyAction, resumeIndex } from '../../src/state/solve.ts';

const body = { tagName: 'BODY' };

describe('solve keyboard map', () => {
  it('marks with A–E and 1–5, strikes with Shift', () => {
    expect(keyAction({ key: 'a', target: body })).toEqual({ type: 'mark', letter: 'A' });
    expect(keyAction({ key: 'E', target: body })).toEqual({ type: 'mark', letter: 'E' });
    expect(keyAction({ key: '3', code: 'Digit3', target: body })).toEqual({ type: 'mark', letter: 'C' });
    expect(keyAction({ key: 'B', shiftKey: true, target: body })).toEqual({ type: 'strike', letter: 'B' });
    // Shift+2 types '@' on most layouts: the physical digit decides.
    expect(keyAction({ key: '@', code: 'Digit2', shiftKey: true, target: body })).toEqual({ type: 'strike', letter: 'B' });
    expect(keyAction({ key: 'g', target: body })).toBeNull();
    expect(keyAction({ key: '6', code: 'Digit6', target: body })).toBeNull();
  });

  it('moves with arrows and J/K, flags with F, toggles help with ?', () => {
    expect(keyAction({ key: 'ArrowRight', target: body })).toEqual({ type: 'next' });
    expect(keyAction({ key: 'ArrowLeft', target: body })).toEqual({ type: 'prev' });
    expect(keyAction({ key: 'j', target: body })).toEqual({ type: 'next' });
    expect(keyAction({ key: 'K', target: body })).toEqual({ type: 'prev' });
    expect(keyAction({ key: 'f', target: body })).toEqual({ type: 'flag' });
    expect(keyAction({ key: '?', shiftKey: true, target: body })).toEqual({ type: 'help' });
    expect(keyAction({ key: 'Escape', target: body })).toEqual({ type: 'close' });
  });

  it('confirms with Enter, except on a button or link (the browser activates those)', () => {
    expect(keyAction({ key: 'Enter', target: body })).toEqual({ type: 'confirm' });
    expect(keyAction({ key: 'Enter', target: { tagName: 'INPUT', type: 'radio' } })).toEqual({ type: 'confirm' });
    expect(keyAction({ key: 'Enter', target: { tagName: 'BUTTON' } })).toBeNull();
    expect(keyAction({ key: 'Enter', target: { tagName: 'A' } })).toBeNull();
  });

  it('leaves typing and browser shortcuts alone', () => {
    expect(keyAction({ key: 'a', target: { tagName: 'TEXTAREA' } })).toBeNull();
    expect(keyAction({ key: 'f', target: { tagName: 'INPUT', type: 'text' } })).toBeNull();
    expect(keyAction({ key: 'j', target: { tagName: 'DIV', isContentEditable: true } })).toBeNull();
    expect(keyAction({ key: 'f', ctrlKey: true, target: body })).toBeNull();
    expect(keyAction({ key: 'ArrowRight', metaKey: true, target: body })).toBeNull();
    // On an option's own radio the letters and arrows still work (the arrows must not change the answer).
    expect(keyAction({ key: 'ArrowDown', target: { tagName: 'INPUT', type: 'radio' } })).toEqual({ type: 'next' });
  });
});

describe('resume', () => {
  it('opens the last viewed grid when known', () => {
    expect(resumeIndex([true, false, false], 2)).toBe(2);
  });
  it('otherwise the first unanswered grid, not grid 1', () => {
    expect(resumeIndex([true, true, false, true])).toBe(2);
    expect(resumeIndex([true, true, false], 7)).toBe(2);
    expect(resumeIndex([true, true])).toBe(0);
    expect(resumeIndex([])).toBe(0);
  });
});
