// Prices each global part of the app from one CPU profile of the whole app under load (hooks.ts):
// a sample belongs to the innermost frame of a part's code (its hook, and what that hook calls:
// reply.header, a Map lookup, helmet …), unless Fastify's hook runner lies between that frame and
// the sample: a callback-style hook calls the next hook, and at last the route, from inside its
// own frame, and what runs after that is not its cost. So Fastify's own plumbing, Node's HTTP and
// the socket, which any route pays, stay apart ('Fastify, Node HTTP, socket'), as does the
// garbage collector (allocations of every part). Unlike leaving a part out (one process per
// variant), one process prices every part: processes of the very same app differ by up to 15 %
// in CPU per request (memory layout, what V8 compiles when), more than most parts cost.
type CallFrame = { functionName: string; url: string };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
export type CpuProfile = { nodes: ProfileNode[]; samples: number[] };

type Part = { name: string; paths: string[] };

/** The parts, by the files of their code (both before and after issue 24's changes). */
export const PARTS: Part[] = [
  { name: 'security headers + CSP (@fastify/helmet)', paths: ['/@fastify/helmet/', '/node_modules/helmet/'] },
  { name: 'CORS (@fastify/cors hook)', paths: ['/@fastify/cors/'] },
  { name: 'no-store (onSend hook)', paths: ['/server/plugins/no-store.ts'] },
  { name: 'X-Request-Id (app.ts onSend hook)', paths: ['/server/app.ts'] },
  { name: 'response headers (headers.ts: all four)', paths: ['/server/plugins/headers.ts'] },
  { name: 'maintenance check', paths: ['/server/plugins/maintenance.ts'] },
  { name: 'auth hook, token cache, authenticate', paths: ['/server/plugins/auth.ts', '/server/lib/token-cache.ts', '/server/lib/tokens.ts'] },
  { name: 'metrics (onResponse, prom-client)', paths: ['/server/plugins/metrics.ts', '/node_modules/prom-client/'] },
  { name: 'compress (3 route hooks)', paths: ['/@fastify/compress/'] },
  { name: 'multipart (2 hooks)', paths: ['/@fastify/multipart/'] },
  { name: 'websocket (2 hooks, route wrapper)', paths: ['/@fastify/websocket/'] },
  { name: 'rate limit', paths: ['/@fastify/rate-limit/'] },
  { name: 'error model', paths: ['/server/plugins/errors.ts'] },
  { name: 'swagger', paths: ['/@fastify/swagger'] },
  { name: 'logging (request id, child logger, the line)', paths: ['/server/lib/logger.ts', '/node_modules/pino/', '/node_modules/sonic-boom/', '/fastify/lib/logger-factory.js'] },
  {
    name: 'GET /user itself (handler, user cache, zod serializer)',
    paths: ['/server/modules/', '/server/lib/user-row-cache.ts', '/fastify-type-provider-zod/', '/node_modules/zod/'],
  },
];
export const REST = 'Fastify, Node HTTP, socket (any route)';
export const GC = 'garbage collection';

/** Fastify's hook runners: what a hook's `done` starts runs below them. */
const BOUNDARIES = ['/fastify/lib/hooks.js', '/fastify/lib/handle-request.js', '/fastify/lib/wrap-thenable.js'];

/** Samples per part (and REST, GC) of the profile's busy samples; idle ones are left out. */
export function attribute(profile: CpuProfile): { samples: Map<string, number>; busy: number } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const partOf = (url: string) => PARTS.find((p) => p.paths.some((path) => url.includes(path)))?.name;
  const owner = new Map<number, string | null>();
  const ownerOf = (leaf: number): string | null => {
    const known = owner.get(leaf);
    if (known !== undefined) return known;
    const top = byId.get(leaf)!.callFrame;
    let found: string | null = top.functionName === '(idle)' ? null : top.functionName === '(garbage collector)' ? GC : REST;
    if (found === REST)
      for (let id: number | undefined = leaf; id !== undefined; id = parent.get(id)) {
        const url = byId.get(id)!.callFrame.url;
        if (BOUNDARIES.some((b) => url.includes(b))) break;
        const part = partOf(url);
        if (part) {
          found = part;
          break;
        }
      }
    owner.set(leaf, found);
    return found;
  };
  const samples = new Map<string, number>();
  let busy = 0;
  for (const leaf of profile.samples) {
    const part = ownerOf(leaf);
    if (part === null) continue;
    busy++;
    samples.set(part, (samples.get(part) ?? 0) + 1);
  }
  return { samples, busy };
}
