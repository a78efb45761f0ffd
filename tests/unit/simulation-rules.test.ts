// The rules screen says the rules the grading applies: from the centre's scoring profile.
import { describe, expect, it } from 'vitest';
import { pointsText, simulationRules } from '../../src/components/simulations/rules-text.ts';
import { DEFAULT_SCORING_PROFILES } from '../../src/shared/scoring-profiles.ts';

const timisoara = DEFAULT_SCORING_PROFILES.find((p) => p.slug === 'timisoara')!;

describe('the rules a candidate reads before a simulation starts', () => {
  it('lists a full exam by its ranges, with the points from attending, the grade formula and the clock', () => {
    const r = simulationRules(timisoara, 90, 3 * 3600);
    // Biology CM, then the three chemistry CS ranges said once with each part's points.
    expect(r.questions).toHaveLength(2);
    expect(r.questions[0]).toBe(
      'Întrebările 1–60: biologie, complement multiplu (unul sau mai multe răspunsuri corecte), 1 punct fiecare; primești o parte din punctaj pentru fiecare variantă corectă bifată, dar 0 dacă bifezi și o variantă greșită.',
    );
    expect(r.questions[1]).toBe(
      'Întrebările 61–90: chimie, complement simplu (un singur răspuns corect), 61–75: 1 punct, 76–85: 0,5 puncte, 86–90: 2 puncte; punctajul se acordă doar dacă bifezi exact variantele corecte.',
    );
    expect(r.grade[0]).toBe('Primești 10 puncte din oficiu, oricâte răspunsuri ai da.');
    expect(r.grade[1]).toBe('Nota = (punctele obținute + punctele din oficiu) / 10, trunchiată la 2 zecimale; nota de trecere este 5.');
    expect(r.time).toMatch(/^Ai 3 ore\. Cronometrul pornește/);
  });

  it('a simulation of another length is described by grid type; an unconfirmed centre is called an estimate', () => {
    const r = simulationRules({ ...timisoara, known: false }, 50, 3600);
    expect(r.questions[0]).toBe('50 de întrebări.');
    expect(r.questions.slice(1).map((q) => q.slice(0, 10))).toEqual(['Grilele CS', 'Grilele CM']);
    expect(r.grade.at(-1)).toContain('estimare');
    expect(simulationRules(undefined, 90, 60).grade).toEqual([]);
  });

  it('says points in correct Romanian', () => {
    expect([1, 0.5, 2, 10, 20, 100].map(pointsText)).toEqual(['1 punct', '0,5 puncte', '2 puncte', '10 puncte', '20 de puncte', '100 de puncte']);
  });
});
