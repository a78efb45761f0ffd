// The device search's inverted index (src/offline/search/term-index.ts): prefixes, every word
// required, field boosts, and best() giving the same first hits as all() on a seeded random bank
// where most documents match (the two-letter prefixes candidates type first).
import { describe, expect, it } from 'vitest';
import { TermIndex } from '../../src/offline/search/term-index.ts';
import { rng } from '../../server/modules/scans/omr/random.ts';

const doc = (id: number, ...fields: string[]) => ({ id, fields: fields.map((f) => f.split(' ').filter(Boolean)) });

describe('TermIndex', () => {
  it('finds word beginnings, requires every word and ranks a whole word above a longer one', () => {
    const index = new TermIndex([doc(1, 'nefronul rinichiului'), doc(2, 'nefron'), doc(3, 'rinichiul'), doc(4, 'neuronul')], [1]);
    expect(index.all(['nefr']).map((h) => h.id).sort()).toEqual([1, 2]);
    expect(index.all(['nefr', 'rin']).map((h) => h.id)).toEqual([1]);
    expect(index.all(['nefron']).map((h) => h.id)).toEqual([2, 1]);
    expect(index.all(['zzz'])).toEqual([]);
    expect(index.all(['nefr', 'zzz'])).toEqual([]);
  });

  it('counts a boosted field more', () => {
    const index = new TermIndex([doc(1, 'altceva', 'ansa'), doc(2, 'ansa', 'altceva')], [4, 1]);
    expect(index.all(['ansa']).map((h) => h.id)).toEqual([2, 1]);
  });

  it('best(limit) is the first hits of all() that accept lets through', () => {
    const rand = rng(7);
    const syl = ['ca', 'ro', 'ce', 'lu', 'ne', 'fr', 'on', 'ul'];
    const word = () => Array.from({ length: 1 + Math.floor(rand() * 3) }, () => syl[Math.floor(rand() * syl.length)]).join('');
    const text = (n: number) => Array.from({ length: n }, word).join(' ');
    const docs = Array.from({ length: 500 }, (_, i) => doc(i, text(8), text(20), text(40)));
    const index = new TermIndex(docs, [4, 2, 1]);
    for (const words of [['ca'], ['ca', 'ro'], ['lu'], ['cefr'], ['ne', 'ul']]) {
      const all = index.all(words);
      const odd = (id: number) => id % 2 === 1;
      expect(index.best(words, () => true, 20)).toEqual(all.slice(0, 20));
      expect(index.best(words, odd, 20)).toEqual(all.filter((h) => odd(h.id)).slice(0, 20));
      if (words[0] === 'ca') expect(all.length).toBeGreaterThan(400);
    }
  });
});
