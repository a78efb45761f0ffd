// The end of `npm test`: minutes per layer, the slowest test files (wall time, and how much of it
// was CPU), every failed test, every test that passed only on a retry, and every skipped test, read from what the
// layers left in the log folder:
//   layers.jsonl        one line per layer (tests/run-layers.ts)
//   files.jsonl         one line per vitest file: wall and CPU of its process (tests/timing/record-file.ts)
//   <layer>.json        each runner's JSON report (vitest's json reporter, Playwright's json reporter)
// Printed so that drift shows in every CI log; `node tests/timing/report.ts DIR` prints it again.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

type LayerLine = { name: string; minutes: number; ok: boolean };
type FileLine = { layer: string; file: string; wallMs: number; cpuMs: number };
type VitestReport = { testResults: { name: string; assertionResults: { fullName: string; status: string }[] }[] };
type PwResult = { status: string; duration: number; retry: number };
type PwTest = { status: string; results: PwResult[] };
type PwSpec = { title: string; file: string; line: number; tests: PwTest[] };
type PwSuite = { title: string; file?: string; specs?: PwSpec[]; suites?: PwSuite[] };
type PwReport = { suites: PwSuite[] };

const jsonLines = <T>(path: string): T[] =>
  existsSync(path) ? readFileSync(path, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as T) : [];

function pwSpecs(suites: PwSuite[]): PwSpec[] {
  return suites.flatMap((s) => [...(s.specs ?? []), ...pwSpecs(s.suites ?? [])]);
}

const pad = (s: string | number, n: number) => String(s).padEnd(n);
const lpad = (s: string | number, n: number) => String(s).padStart(n);

export function report(dir: string): string {
  const out: string[] = [];
  const layers = jsonLines<LayerLine>(join(dir, 'layers.jsonl'));
  out.push('== time per layer (minutes)');
  for (const l of layers) out.push(`  ${pad(l.name, 18)} ${lpad(l.minutes.toFixed(1), 6)}  ${l.ok ? 'passed' : 'FAILED'}`);

  // Files: vitest's from their own processes; a Playwright spec file as the sum of its tests' tries.
  const files: { layer: string; file: string; wallMs: number; cpuMs: number | null }[] = jsonLines<FileLine>(join(dir, 'files.jsonl'));
  const retried: string[] = [];
  const skipped: string[] = [];
  const failed: string[] = [];
  for (const name of existsSync(dir) ? readdirSync(dir) : []) {
    if (!name.endsWith('.json')) continue;
    const layer = name.replace(/\.json$/, '');
    const data = JSON.parse(readFileSync(join(dir, name), 'utf8')) as Partial<VitestReport & PwReport>;
    if (data.testResults) {
      for (const f of data.testResults) {
        const file = relative(process.cwd(), f.name);
        for (const a of f.assertionResults) {
          if (a.status === 'skipped' || a.status === 'pending' || a.status === 'todo') skipped.push(`${layer}: ${file} › ${a.fullName}`);
          else if (a.status === 'failed') failed.push(`${layer}: ${file} › ${a.fullName}`);
        }
      }
    } else if (data.suites) {
      const perFile = new Map<string, number>();
      for (const spec of pwSpecs(data.suites)) {
        for (const t of spec.tests) {
          const ms = t.results.reduce((s, r) => s + r.duration, 0);
          perFile.set(spec.file, (perFile.get(spec.file) ?? 0) + ms);
          const where = `${layer}: ${spec.file}:${spec.line} › ${spec.title}`;
          if (t.status === 'flaky') retried.push(where);
          if (t.status === 'skipped') skipped.push(where);
          if (t.status === 'unexpected') failed.push(where);
        }
      }
      for (const [file, wallMs] of perFile) files.push({ layer, file: `e2e/${file}`, wallMs, cpuMs: null });
    }
  }
  files.sort((a, b) => b.wallMs - a.wallMs);
  out.push('== the 10 slowest test files (wall s; CPU s of the file\'s own process, vitest only)');
  for (const f of files.slice(0, 10)) {
    const cpu = f.cpuMs === null ? '' : `${lpad((f.cpuMs / 1000).toFixed(1), 6)} cpu (${Math.round((100 * f.cpuMs) / Math.max(1, f.wallMs))} % of wall)`;
    out.push(`  ${pad(f.layer, 15)} ${pad(f.file, 48)} ${lpad((f.wallMs / 1000).toFixed(1), 6)} s  ${cpu}`);
  }
  out.push(`== failed: ${failed.length ? '' : 'none'}`);
  for (const f of failed) out.push(`  ${f}`);
  out.push(`== passed only on a retry: ${retried.length ? '' : 'none'}`);
  for (const r of retried) out.push(`  ${r}`);
  out.push(`== skipped: ${skipped.length ? '' : 'none'}`);
  for (const s of skipped) out.push(`  ${s}`);
  return out.join('\n');
}

if (import.meta.main) console.log(report(process.argv[2] ?? '.'));
