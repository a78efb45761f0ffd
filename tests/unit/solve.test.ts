import { describe, expect, it } from 'vitest';
import { cellClass, cellLabel, goTo, nextUnanswered, resetSolve, solve, takeElapsed, toggleOption } from '../../src/state/solve.ts';

describe('solve state', () => {
  it('CS keeps one option; a second click clears it', () => {
    expect(toggleOption('CS', [], 'B')).toEqual(['B']);
    expect(toggleOption('CS', ['B'], 'D')).toEqual(['D']);
    expect(toggleOption('CS', ['D'], 'D')).toEqual([]);
  });

  it('CM toggles and keeps letters in order', () => {
    expect(toggleOption('CM', ['C'], 'A')).toEqual(['A', 'C']);
    expect(toggleOption('CM', ['A', 'C'], 'C')).toEqual(['A']);
    expect(toggleOption('CG', [], 'E')).toEqual(['E']);
  });

  it('labels overview cells for screen readers', () => {
    expect(cellLabel({ position: 3, answered: true, flagged: false, current: false })).toBe('Grila 3, răspunsă');
    expect(cellLabel({ position: 1, answered: false, flagged: true, current: true })).toBe('Grila 1, fără răspuns, marcată, curentă');
    expect(cellClass({ position: 1, answered: true, flagged: true, current: false })).toBe('overview__cell is-answered is-flagged');
  });

  it('finds the next unanswered grid, wrapping', () => {
    expect(nextUnanswered([true, false, true, false], 1)).toBe(3);
    expect(nextUnanswered([false, true, true], 2)).toBe(0);
    expect(nextUnanswered([true, true], 0)).toBe(-1);
  });

  it('tracks the time spent per grid and clamps navigation', () => {
    resetSolve('t1', 1000);
    expect(takeElapsed(4000)).toBe(3000);
    expect(takeElapsed(4500)).toBe(500);
    goTo(10, 5, 5000);
    expect(solve.index).toBe(4);
    goTo(-2, 5, 5000);
    expect(solve.index).toBe(0);
    expect(solve.testId).toBe('t1');
  });
});

describe('Romanian counts', async () => {
  const { grids } = await import('../../src/components/practice/format.ts');
  it('1 grilă, 5 grile, 20 de grile, 101 grile', () => {
    expect(grids(1)).toBe('1 grilă');
    expect(grids(5)).toBe('5 grile');
    expect(grids(20)).toBe('20 de grile');
    expect(grids(101)).toBe('101 grile');
    expect(grids(0)).toBe('0 grile');
  });
});
