// A seeded content bank for the search bench (issue 30 §3): 3 manuals × 16 chapters, 15,000 grids
// of ≈ 1.2 KB (statement, five options, explanation), 30 % premium, chapters of ≈ 40 KB in ≈ 500-
// character paragraphs. Text is drawn from a Romanian biology vocabulary (with diacritics) plus
// generated words, Zipf-weighted, so common prefixes match thousands of rows as real text does.
import type { Db } from '../db/db.ts';
// The seeded generator the synthetic answer sheets use (mulberry32): the same bank on every run.
import { rng } from '../modules/scans/omr/random.ts';

const BASE = `celula celulei membrana nucleul nefronul nefronului rinichiul rinichiului glomerulul ansa Henle tubul
contort colector urina ureterul vezica uretra sângele plasma hematiile leucocitele trombocitele inima
ventriculul atriul valvele aorta artera vena capilarele limfa neuronul sinapsa axonul dendritele mielina
encefalul măduva spinării cerebelul talamusul hipotalamusul hipofiza tiroida paratiroidele suprarenalele
pancreasul insulina glucagonul ficatul bila stomacul intestinul duodenul jejunul ileonul colonul enzimele
amilaza pepsina tripsina lipaza proteinele glucidele lipidele vitaminele plămânii alveolele bronhiile
traheea laringele diafragma ventilația hemoglobina oxigenul dioxidul mușchii oasele articulațiile
tendoanele scheletul femurul tibia humerusul radiusul ulna vertebrele craniul ochiul retina cristalinul
corneea urechea cohleea analizatorul receptorii hormonii reproducerea ovarul testiculul ovulul
spermatozoidul fecundația embrionul placenta țesutul epiteliul conjunctiv mitocondria ribozomii
reticulul aparatul Golgi lizozomii cromozomii ADN ARN gena mitoza meioza alcanii alchenele alchinele
arenele benzenul metanul etanul propanul butanul izomerii hibridizarea legătura covalentă alcoolii
fenolii aldehidele cetonele acizii carboxilici esterii aminele aminoacizii zaharidele glucoza fructoza
zaharoza amidonul celuloza săpunurile detergenții polimerizarea oxidarea reducerea hidroliza
este sunt are conține se află în din la de pe și sau cu prin care ce mai foarte toate unele`.split(/\s+/);

function vocabulary(rand: () => number): string[] {
  const syl = ['ca', 'ro', 'mi', 'te', 'lu', 'na', 'zi', 'pe', 'ște', 'ța', 'bră', 'cu', 'lo', 'ri', 'ân', 'vi', 'sa', 'gu'];
  const made = Array.from({ length: 10000 }, () => {
    const n = 2 + Math.floor(rand() * 3);
    return Array.from({ length: n }, () => syl[Math.floor(rand() * syl.length)]).join('') + ['ul', 'ului', 'ele', 'ilor', 'a', ''][Math.floor(rand() * 6)];
  });
  return [...BASE, ...made];
}

function textOf(rand: () => number, words: string[], length: number): string {
  const out: string[] = [];
  let n = 0;
  while (n < length) {
    // Zipf-like: the first words (the vocabulary's common ones) far more often; a domain word is in
    // a few per cent of the grids, the connecting words in most.
    const w = words[Math.floor(words.length * rand() ** 2)]!;
    out.push(w);
    n += w.length + 1;
  }
  const s = out.join(' ');
  return `${s[0]!.toUpperCase()}${s.slice(1)}.`;
}

export type Bank = { grids: number; passages: number; ms: number };

export async function seedSearchBank(db: Db, opts: { grids: number; seed?: number }): Promise<Bank> {
  const t0 = performance.now();
  const rand = rng(opts.seed ?? 30);
  const words = vocabulary(rand);
  const manuals = 3;
  const chapters = 16;
  const perChapter = Math.ceil(opts.grids / (manuals * chapters));
  let left = opts.grids;
  for (let m = 0; m < manuals; m++) {
    const man = await db.one<{ id: number }>(
      `insert into manuals (slug, title, subject) values ($1, $2, 'biologie') returning id`,
      [`cautare-bench-${m}`, `Manual de căutat ${m + 1}`],
    );
    for (let c = 0; c < chapters; c++) {
      // ≈ 40 KB of paragraphs, a heading every 8 of them.
      const blocks = Array.from({ length: 80 }, (_, i) =>
        i % 8 === 0 ? { type: 'h2', text: textOf(rand, words, 40) } : { type: 'p', text: textOf(rand, words, 500) },
      );
      const ch = await db.one<{ id: number }>(
        `insert into chapters (manual_id, slug, title, sort, blocks, is_premium) values ($1, $2, $3, $4, $5::jsonb, $6) returning id`,
        [man!.id, `cap-${c}`, `Capitolul ${c + 1}`, c, JSON.stringify(blocks), c % 3 === 2],
      );
      const n = Math.min(perChapter, left);
      left -= n;
      const rows = Array.from({ length: n }, (_, i) => ({
        statement: textOf(rand, words, 150),
        options: { A: textOf(rand, words, 45), B: textOf(rand, words, 45), C: textOf(rand, words, 45), D: textOf(rand, words, 45), E: textOf(rand, words, 45) },
        explanation: textOf(rand, words, 800),
        premium: rand() < 0.3,
        difficulty: i % 2 ? 'easy' : 'hard',
      }));
      await db.query(
        `insert into grids (chapter_id, type, statement, options, correct, explanation, difficulty, is_premium)
         select $1, 'CS', x.statement, x.options, '{A}', x.explanation, x.difficulty, x.premium
           from jsonb_to_recordset($2::jsonb) as x(statement text, options jsonb, explanation text, difficulty text, premium boolean)`,
        [ch!.id, JSON.stringify(rows)],
      );
    }
  }
  const g = await db.one<{ n: number }>('select count(*)::int as n from grids');
  const p = await db.one<{ n: number }>('select count(*)::int as n from search_passages');
  return { grids: g!.n, passages: p!.n, ms: performance.now() - t0 };
}
