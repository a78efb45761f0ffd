// Answer-sheet reading (issue 9 §3): accuracy and speed on generated 12 MP phone photos of our own
// sheet (server/modules/scans/omr/synthetic.ts: known pen marks, faint marks and stray dots;
// random rotation incl. upside down, perspective, blur, hard shadow, uneven light, noise, JPEG,
// some stored sideways with an EXIF tag), and accuracy on the public OMRChecker samples
// (../shared/omr-samples, omr/omrchecker.ts). Time per photo through the worker pool, one photo
// at a time (latency), then 2 at once (throughput).
// Env: BENCH_OMR_PHOTOS (default 20), BENCH_OMR_QUESTIONS (default 200).
import { availableParallelism } from 'node:os';
import {
  degrade,
  planMarks,
  renderSyntheticSheet,
  type DegradeOptions,
  type MarkPlan,
} from '../modules/scans/omr/synthetic.ts';
import { rng } from '../modules/scans/omr/random.ts';
import { scoreReading } from '../modules/scans/omr/accuracy.ts';
import { closeSheetPool, readSheetInPool, sheetPoolSize } from '../modules/scans/omr/pool.ts';
import { runSamples } from '../modules/scans/omr/omrchecker-bench.ts';
import { runConditionsBench } from './omr-conditions.ts';

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

function photoOptions(i: number): DegradeOptions {
  const r = rng(1000 + i);
  const upside = r() < 0.2;
  return {
    seed: 1000 + i,
    width: 3000,
    height: 4000,
    rotation: (upside ? 180 : 0) + (r() - 0.5) * 30,
    perspective: r() * 0.08,
    sheetShare: 0.7 + r() * 0.22,
    blur: r() * 2,
    gradient: r() * 0.5,
    shadow: r() < 0.5 ? 0.2 + r() * 0.25 : 0,
    noise: r() * 8,
    jpegQuality: Math.round(60 + r() * 32),
    ...(r() < 0.25 ? { exifOrientation: 6 as const } : {}),
  };
}

export async function runOmrBench(): Promise<void> {
  const photos = Number(process.env.BENCH_OMR_PHOTOS ?? 20);
  const questions = Number(process.env.BENCH_OMR_QUESTIONS ?? 200);
  console.log(
    `\n== answer sheets (OMR): ${photos} generated 12 MP photos (3000x4000), ${questions} questions each, pool of ${sheetPoolSize()} threads on ${availableParallelism()} cores`,
  );
  const made: { photo: Buffer; plan: MarkPlan; sheetId: string }[] = [];
  const genStart = performance.now();
  for (let i = 0; i < photos; i++) {
    const sheetId = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
    const plan = planMarks(questions, 500 + i, 0.04, 0.04);
    const meta = {
      sheetId,
      questionCount: questions,
      productName: 'Grilio',
      title: 'Simulare bench',
      centreName: 'Centrul de test',
      candidateName: 'Candidat Bench',
    };
    const sheet = await renderSyntheticSheet(meta, plan.marks, 2400, 500 + i);
    made.push({ photo: await degrade(sheet, photoOptions(i)), plan, sheetId });
  }
  console.log(`(generated in ${((performance.now() - genStart) / 1000).toFixed(0)} s)`);

  // Warm the pool (OpenCV compiles once per thread), then one photo at a time.
  await Promise.all(
    Array.from({ length: sheetPoolSize() }, () =>
      readSheetInPool(made[0].photo, { questionCount: questions }),
    ),
  );
  const times: number[] = [];
  let options = 0;
  let right = 0;
  let uncertain = 0;
  let wrong = 0;
  let qrRead = 0;
  let failed = 0;
  const light = { uncertain: 0, marked: 0, blank: 0 };
  const wrongs: string[] = [];
  for (const [i, m] of made.entries()) {
    const t = performance.now();
    const reading = await readSheetInPool(m.photo, { questionCount: questions });
    times.push(performance.now() - t);
    if (!reading.ok) {
      failed++;
      wrongs.push(`photo ${i}: ${reading.code}`);
      continue;
    }
    if (reading.sheetId === m.sheetId) qrRead++;
    const s = scoreReading(reading, m.plan);
    options += s.options;
    right += s.right;
    uncertain += s.uncertain;
    wrong += s.confidentWrong;
    light.uncertain += s.light.uncertain;
    light.marked += s.light.marked;
    light.blank += s.light.blank;
    wrongs.push(...s.wrongDetails.map((w) => `photo ${i}: ${w}`));
  }
  const t2 = performance.now();
  await Promise.all(made.map((m) => readSheetInPool(m.photo, { questionCount: questions })));
  const throughput = (made.length / (performance.now() - t2)) * 1000;

  console.log('photos read             ' + `${photos - failed}/${photos}`);
  console.log('ellipses scored         ' + options + ' (faint marks apart)');
  console.log('right, with confidence  ' + `${((100 * right) / options).toFixed(2)} %`);
  console.log('sent to review          ' + `${((100 * uncertain) / options).toFixed(2)} % (${uncertain})`);
  console.log('right after review      ' + `${((100 * (right + uncertain)) / options).toFixed(3)} %`);
  console.log('confident wrong         ' + wrong);
  console.log(
    'faint marks             ' +
      `${light.uncertain} to review, ${light.marked} read marked, ${light.blank} missed`,
  );
  console.log('QR sheet id read        ' + `${qrRead}/${photos - failed}`);
  console.log(
    'time per 12 MP photo    ' +
      `p50 ${pct(times, 50).toFixed(0)} ms, p95 ${pct(times, 95).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms (pool, one at a time)`,
  );
  console.log('throughput              ' + `${throughput.toFixed(2)} photos/s (all ${photos} at once)`);
  for (const w of wrongs.slice(0, 10)) console.log('  ' + w);
  await runConditionsBench();
  await closeSheetPool();
  await runSamples();
}
