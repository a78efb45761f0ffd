// The centre-simulation screen's choice (issue 29: a pick replaced by the own centre arriving later).
import { describe, expect, it } from 'vitest';
import { centreChoice } from '../../src/components/simulations/centre-choice.ts';
import { DEFAULT_SCORING_PROFILES } from '../../src/shared/scoring-profiles.ts';

const profiles = DEFAULT_SCORING_PROFILES;
const byName = (slug: string) => profiles.find((p) => p.slug === slug)!.name;
const base = { picked: null, ownCentreName: null, pickedVariant: null, profiles, fallback: 'timisoara' };
const other = profiles.find((p) => p.slug !== 'timisoara')!;

describe('centreChoice', () => {
  it('starts on the fallback, then on the own centre once it is known', () => {
    expect(centreChoice(base).center).toBe('timisoara');
    expect(centreChoice({ ...base, ownCentreName: byName(other.slug) }).center).toBe(other.slug);
  });

  it('keeps a pick whenever the own centre arrives: before, after or never', () => {
    const picked = { ...base, picked: 'timisoara' };
    expect(centreChoice(picked).center).toBe('timisoara');
    expect(centreChoice({ ...picked, ownCentreName: byName(other.slug) }).center).toBe('timisoara');
  });

  it('an unknown slug falls back to a profile that exists, with its first subjects', () => {
    const choice = centreChoice({ ...base, picked: 'nicaieri' });
    expect(profiles.map((p) => p.slug)).toContain(choice.center);
    expect(choice.variant).toBe(choice.variants[0]);
  });

  it('keeps picked subjects the centre allows and replaces ones it does not', () => {
    const tm = centreChoice({ ...base, picked: 'timisoara' });
    const last = tm.variants.at(-1)!;
    expect(centreChoice({ ...base, picked: 'timisoara', pickedVariant: last }).variant).toBe(last);
    expect(centreChoice({ ...base, picked: 'timisoara', pickedVariant: 'astronomie' }).variant).toBe(tm.variants[0]);
  });
});
