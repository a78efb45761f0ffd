// Accuracy on the OMRChecker samples (../shared/omr-samples/OMRChecker, ground_truth.json): per
// image, the q* questions right with confidence, sent to review, and wrong with confidence.
// A question is right when nothing is uncertain and the marked letters are the expected set; it
// goes to review when the confident part agrees with the truth and the rest is uncertain.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readOmrCheckerSample, templateFields, type OmrTemplate, type SampleContext } from './omrchecker.ts';

export const SAMPLES_DIR =
  process.env.OMR_SAMPLES_DIR ??
  resolve(dirname(fileURLToPath(import.meta.url)), '../../../../../shared/omr-samples/OMRChecker');

export interface SampleScore {
  image: string;
  skipped?: string;
  questions: number;
  right: number;
  uncertain: number;
  wrong: number;
  wrongDetails: string[];
}

/** The nearest file of that name up the image's folders (OMRChecker's templates and configs apply to subfolders). */
function nearest(image: string, name: string): string | null {
  let dir = dirname(join(SAMPLES_DIR, image));
  while (dir.startsWith(SAMPLES_DIR)) {
    const f = join(dir, name);
    if (existsSync(f)) return f;
    dir = dirname(dir);
  }
  return null;
}

function templateFor(image: string): { t: OmrTemplate; ctx: SampleContext } | null {
  const tf = nearest(image, 'template.json');
  if (!tf) return null;
  const t = JSON.parse(readFileSync(tf, 'utf8')) as OmrTemplate;
  const ctx: SampleContext = {};
  const cf = nearest(image, 'config.json');
  if (cf) {
    const d = (
      JSON.parse(readFileSync(cf, 'utf8')) as {
        dimensions?: { processing_width?: number; processing_height?: number };
      }
    ).dimensions;
    if (d?.processing_width && d.processing_height)
      ctx.processing = [d.processing_width, d.processing_height];
  }
  const markerPath = t.preProcessors?.find((p) => p.name === 'CropOnMarkers')?.options?.relativePath;
  if (typeof markerPath === 'string') ctx.marker = readFileSync(join(dirname(tf), markerPath));
  return { t, ctx };
}

export function sampleImages(): string[] {
  const gt = JSON.parse(readFileSync(join(SAMPLES_DIR, 'ground_truth.json'), 'utf8')) as {
    images: Record<string, unknown>;
  };
  return Object.keys(gt.images);
}

const sorted = (s: string) => [...s].sort().join('');

export async function scoreSample(image: string): Promise<SampleScore> {
  const gt = JSON.parse(readFileSync(join(SAMPLES_DIR, 'ground_truth.json'), 'utf8')) as {
    images: Record<string, { expected: Record<string, string> }>;
  };
  const expected = gt.images[image].expected;
  const found = templateFor(image);
  const score: SampleScore = { image, questions: 0, right: 0, uncertain: 0, wrong: 0, wrongDetails: [] };
  if (!found) return { ...score, skipped: 'no template.json' };
  const { t } = found;
  const reading = await readOmrCheckerSample(readFileSync(join(SAMPLES_DIR, image)), t, found.ctx);
  if (!reading.ok) return { ...score, skipped: reading.reason };
  for (const f of templateFields(t)) {
    if (!(f.label in expected)) continue;
    const want = sorted(expected[f.label]);
    const got = reading.answers[f.label];
    score.questions++;
    if (!got.uncertain && sorted(got.marked) === want) score.right++;
    else if (
      got.uncertain &&
      [...got.marked].every((c) => want.includes(c)) &&
      [...want].every((c) => got.marked.includes(c) || got.uncertain.includes(c))
    )
      score.uncertain++;
    else {
      score.wrong++;
      score.wrongDetails.push(
        `${f.label}: expected '${want}', read '${got.marked}'${got.uncertain ? ` + uncertain '${got.uncertain}'` : ''}`,
      );
    }
  }
  return score;
}

export async function runSamples(): Promise<SampleScore[]> {
  if (!existsSync(join(SAMPLES_DIR, 'ground_truth.json'))) {
    console.log(`\n(OMRChecker samples not found at ${SAMPLES_DIR}: skipped)`);
    return [];
  }
  console.log(
    '\n== OMRChecker samples (q* fields; right = confident and right, review = uncertain, wrong = confident and wrong)',
  );
  const scores: SampleScore[] = [];
  for (const image of sampleImages()) {
    const s = await scoreSample(image);
    scores.push(s);
    const name = image.replace(/^samples\//, '').padEnd(56);
    if (s.skipped) console.log(`${name} skipped: ${s.skipped}`);
    else
      console.log(
        `${name} ${String(s.right).padStart(3)}/${String(s.questions).padEnd(3)} right ${((100 * s.right) / s.questions).toFixed(1).padStart(5)} %, review ${s.uncertain}, wrong ${s.wrong}${s.wrongDetails.length ? `  (${s.wrongDetails.slice(0, 4).join('; ')}${s.wrongDetails.length > 4 ? '; …' : ''})` : ''}`,
      );
  }
  const read = scores.filter((s) => !s.skipped);
  const q = read.reduce((a, s) => a + s.questions, 0);
  const r = read.reduce((a, s) => a + s.right, 0);
  const u = read.reduce((a, s) => a + s.uncertain, 0);
  const w = read.reduce((a, s) => a + s.wrong, 0);
  console.log(
    `total over ${read.length} images read (${scores.length - read.length} skipped): ${r}/${q} right (${((100 * r) / q).toFixed(2)} %), review ${u}, confident wrong ${w}`,
  );
  return scores;
}
