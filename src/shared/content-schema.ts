// Zod schemas of docs/CONTENT_FORMAT.md. Messages are Romanian sentences for the importer's
// error list (admins read them in a terminal); paths are added by the importer.
import { z } from 'zod';
import { GRID_TYPES, OPTION_LETTERS, DIFFICULTIES } from './constants.ts';
import { CORRECT_COUNT, correctLettersValid } from './grid-schema.ts';
import { INT4_MAX, INT4_MIN, storableText } from './input-rules.ts';

/** What PostgreSQL cannot store (see input-rules.ts), said for the importer's list. */
const unstorable = (what: string) =>
  `${what} conține caractere care nu pot fi salvate (caracterul nul sau un surogat UTF-16 fără pereche)`;
/** Any text of a content file: at most `max` characters, storable. */
const cell = (what: string, max: number) =>
  z
    .string({ error: `${what} trebuie să fie text` })
    .max(max, `${what} poate avea cel mult ${max} caractere`)
    .refine(storableText, unstorable(what));

export const SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Path segments the courses API uses itself, so no chapter may take them as a slug. */
export const RESERVED_CHAPTER_SLUGS = ['download'];
export const KEY_RE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

const str = (what: string, max: number) =>
  z
    .string({ error: (i) => (i.input === undefined ? `${what} lipsește` : `${what} trebuie să fie text`) })
    .trim()
    .min(1, `${what}: valoarea lipsește (text gol)`)
    .max(max, `${what} poate avea cel mult ${max} caractere`)
    .refine(storableText, unstorable(what));
const optStr = (what: string, max: number) =>
  z
    .string({ error: `${what} trebuie să fie text` })
    .trim()
    .max(max, `${what} poate avea cel mult ${max} caractere`)
    .refine(storableText, unstorable(what))
    .default('');
const slug = (what: string) =>
  str(what, 100).regex(
    SLUG_RE,
    `${what} poate conține doar litere mici fără diacritice, cifre și cratimă (ex: sistemul-nervos)`,
  );
const int = (what: string) =>
  z
    .number({ error: `${what} trebuie să fie un număr întreg` })
    .int(`${what} trebuie să fie un număr întreg`)
    .min(INT4_MIN, `${what} este prea mic`)
    .max(INT4_MAX, `${what} este prea mare`);
const bool = (what: string) => z.boolean({ error: `${what} trebuie să fie true sau false` }).default(false);

const textItems = z
  .array(str('elementul listei', 5000), { error: 'items trebuie să fie o listă de texte' })
  .min(1, 'lista nu poate fi goală');

export const blockSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('h2'), text: str('text', 300) }).strict(),
    z.object({ type: z.literal('h3'), text: str('text', 300) }).strict(),
    z.object({ type: z.literal('p'), text: str('text', 20000) }).strict(),
    z.object({ type: z.literal('note'), text: str('text', 5000) }).strict(),
    z.object({ type: z.literal('ul'), items: textItems }).strict(),
    z.object({ type: z.literal('ol'), items: textItems }).strict(),
    z
      .object({
        type: z.literal('table'),
        caption: optStr('caption', 500),
        head: z
          .array(cell('celula', 500), {
            error: 'head trebuie să fie o listă',
          })
          .min(1, 'head nu poate fi gol'),
        rows: z.array(z.array(cell('celula', 2000)), {
          error: 'rows trebuie să fie o listă de rânduri',
        }),
      })
      .strict()
      .superRefine((t, ctx) => {
        t.rows.forEach((row, i) => {
          if (row.length !== t.head.length) {
            ctx.addIssue({
              code: 'custom',
              path: ['rows', i],
              message: `rândul are ${row.length} celule, capul tabelului are ${t.head.length}`,
            });
          }
        });
      }),
    z
      .object({
        type: z.literal('img'),
        src: str('src', 300).regex(
          /^\/media\/content\/[A-Za-z0-9][A-Za-z0-9._-]*\.(svg|png|jpe?g|webp|gif)$/,
          'src trebuie să fie /media/content/<fișier>.svg|png|jpg|webp|gif',
        ),
        alt: str('alt', 300),
        caption: optStr('caption', 500),
        // Intrinsic size in pixels (an SVG's viewBox): the page reserves the figure's space before
        // the image arrives, so nothing below it moves (issue 12 §1).
        width: z.number().int().min(1).max(10000).optional(),
        height: z.number().int().min(1).max(10000).optional(),
      })
      .strict(),
  ],
  {
    error: (i) =>
      i.code === 'invalid_union'
        ? 'type trebuie să fie unul dintre h2, h3, p, ul, ol, table, img, note'
        : 'blocul trebuie să fie un obiect',
  },
);
export type Block = z.infer<typeof blockSchema>;
/** A block as sent (optional fields may be missing): what the app renders. */
export type BlockInput = z.input<typeof blockSchema>;
export const blocksSchema = z.array(blockSchema, { error: 'blocks trebuie să fie o listă' });

export const manualSchema = z.object(
  {
    slug: slug('slug'),
    title: str('title', 200),
    subject: z.enum(['biologie', 'chimie', 'fizica'], {
      error: 'subject trebuie să fie biologie, chimie sau fizica',
    }),
    description: optStr('description', 2000),
    sort: int('sort').default(0),
  },
  { error: 'manual lipsește sau nu este un obiect' },
);

export const chapterSchema = z.object({
  slug: slug('slug').refine((s) => !RESERVED_CHAPTER_SLUGS.includes(s), 'slug „download” este rezervat'),
  title: str('title', 200),
  sort: int('sort').default(0),
  summary: optStr('summary', 1000),
  premium: bool('premium'),
  blocks: blocksSchema.default([]),
});

const option = (l: string) => str(`varianta ${l}`, 2000);
export const gridSchema = z
  .object({
    key: str('key', 100).regex(KEY_RE, 'key poate conține litere, cifre, punct, cratimă și linie jos'),
    chapter: slug('chapter'),
    type: z.enum(GRID_TYPES, { error: 'type trebuie să fie CS, CM sau CG' }),
    statement: str('statement', 5000),
    options: z.object(
      { A: option('A'), B: option('B'), C: option('C'), D: option('D'), E: option('E') },
      { error: 'options trebuie să aibă variantele A, B, C, D, E' },
    ),
    correct: z.array(z.enum(OPTION_LETTERS, { error: 'literele corecte sunt A–E' }), {
      error: 'correct trebuie să fie o listă de litere',
    }),
    explanation: optStr('explanation', 10000),
    difficulty: z.enum(DIFFICULTIES, { error: 'difficulty trebuie să fie easy sau hard' }),
    source: optStr('source', 200),
    premium: bool('premium'),
  })
  .superRefine(
    (g, ctx) => {
      if (!correctLettersValid(g.type, g.correct)) {
        const { min, max } = CORRECT_COUNT[g.type];
        const need =
          min === max
            ? `exact ${min} literă corectă`
            : `între ${min} și ${max} litere corecte, fără repetări`;
        ctx.addIssue({
          code: 'custom',
          path: ['correct'],
          message: `o grilă ${g.type} are ${need} (are: ${g.correct.join('') || 'niciuna'})`,
        });
      }
    },
    // Also when other fields of the grid are wrong, as long as type and letters themselves are valid.
    { when: (p) => !p.issues.some((i) => i.path?.[0] === 'type' || i.path?.[0] === 'correct') },
  );
export type GridInput = z.infer<typeof gridSchema>;

/** The whole file; repeated slugs and keys are checked by the importer (duplicateErrors). */
export const contentFileSchema = z.object(
  {
    manual: manualSchema,
    chapters: z.array(chapterSchema, { error: 'chapters trebuie să fie o listă' }).default([]),
    grids: z.array(gridSchema, { error: 'grids trebuie să fie o listă' }).default([]),
  },
  { error: 'fișierul trebuie să conțină un obiect JSON' },
);
export type ContentFile = z.infer<typeof contentFileSchema>;
