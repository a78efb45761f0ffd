// A fake of the parts API (manifest, one part per chapter, changes) built from a whole-manual
// payload, for the unit tests of src/offline/download.ts and download-parts.ts.
import type { DownloadPayload } from '../../src/api/courses.ts';
import type { DownloadChanges, DownloadManifest, DownloadPartPayload } from '../../src/shared/download-payloads.ts';

type Reply = { json?: unknown; status?: number; throws?: boolean; text?: string };

export function partRoutes(
  p: DownloadPayload,
  opts: { changes?: Omit<DownloadChanges, 'manual' | 'premium'> & { premium?: boolean }; failPart?: (chapterId: number) => boolean } = {},
): Record<string, Reply | ((req: Request) => Reply)> {
  const base = `/api/v1/courses/${p.manual.slug}/download`;
  const partOf = (id: number): DownloadPartPayload => ({
    chapter: p.chapters.find((c) => c.id === id) ?? null,
    grids: p.grids.filter((g) => g.chapter_id === id),
  });
  const manifest: DownloadManifest = {
    manual: p.manual,
    premium: p.premium,
    cursor: '1764000000000',
    parts: p.chapters.map((c) => ({
      key: `${c.id}:0`, chapter_id: c.id, from: 0, to: 2147483647,
      grids: partOf(c.id).grids.length, bytes: JSON.stringify(partOf(c.id)).length,
    })),
    bytes: 0,
  };
  manifest.bytes = manifest.parts.reduce((s, x) => s + x.bytes, 0);
  const routes: Record<string, Reply | ((req: Request) => Reply)> = { [`GET ${base}/manifest`]: { json: manifest } };
  for (const c of p.chapters)
    routes[`GET ${base}/parts/${c.id}`] = () => (opts.failPart?.(c.id) ? { throws: true } : { json: partOf(c.id) });
  if (opts.changes)
    routes[`GET ${base}/changes`] = { json: { manual: p.manual, premium: p.premium, ...opts.changes } satisfies DownloadChanges };
  return routes;
}
