// A main-thread CPU profile summed per original function (BENCH_PROFILE=1 in the phone benches):
// the V8 profile of CDP's Profiler, each sample's self time attributed through the build's source
// maps (dist/assets/*.map) to a source file, line and function name; the top entries are printed.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SourceMapConsumer } from 'source-map-js';
import type { CDPSession } from '@playwright/test';

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

export async function startProfile(cdp: CDPSession): Promise<void> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
}

export async function stopProfile(cdp: CDPSession, top = 30): Promise<{ where: string; ms: number }[]> {
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const maps = new Map<string, SourceMapConsumer | null>();
  const mapOf = (url: string) => {
    if (!maps.has(url)) {
      const file = join('dist/assets', url.split('/').pop() ?? '') + '.map';
      maps.set(url, url.includes('/assets/') && existsSync(file) ? new SourceMapConsumer(JSON.parse(readFileSync(file, 'utf8'))) : null);
    }
    return maps.get(url)!;
  };
  const sums = new Map<string, number>();
  for (const [id, ms] of self) {
    const f = byId.get(id)!.callFrame;
    let where = f.url ? `${f.functionName || '(anon)'} ${f.url.split('/').pop()}` : f.functionName || '(native)';
    const map = f.url ? mapOf(f.url) : null;
    // A frame with no position (lineNumber -1: a module's top level, a wasm frame) stays unmapped.
    if (map && f.lineNumber >= 0) {
      const o = map.originalPositionFor({ line: f.lineNumber + 1, column: f.columnNumber });
      if (o.source) where = `${o.name ?? f.functionName ?? '(anon)'} ${o.source.replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '')}:${o.line}`;
    }
    sums.set(where, (sums.get(where) ?? 0) + ms);
  }
  return [...sums].sort((a, b) => b[1] - a[1]).slice(0, top).map(([where, ms]) => ({ where, ms: Math.round(ms) }));
}
