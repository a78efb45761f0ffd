// Simulations: an admin builds a paper to a centre's format and publishes it; a candidate lists,
// opens (by uuid) and starts one. Starting creates a test of kind 'simulation' through the practice
// engine (mode 'exam': no key nor explanation until it is finished; the paper's time limit, so the
// timer, the auto-submit and the offline sync are the practice tests' own).
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/db.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { Subject } from '../../../src/shared/scoring.ts';
import { SUBJECTS } from '../../../src/shared/scoring.ts';
import type {
  CreateSimulationBody,
  SimulationSummary,
} from '../../../src/shared/simulation-schema.ts';
import type { ServerTest } from '../../../src/shared/practice-payloads.ts';
import { profileBySlug } from '../scoring-profiles/service.ts';
import { expireIfDue, insertTest, isPremium } from '../practice/engine.ts';
import { UUID_RE, ownTest, serializeTest } from '../practice/model.ts';
import { buildPaper, variantAllowed } from './build.ts';
import { listSimulations, serializeSimulation, simulationById, windowOf, type ListFilter } from './queries.ts';

/** "biologie,chimie" → ['biologie','chimie']; 422 for anything else. */
export function parseVariant(v: string): Subject[] {
  const parts = v.split(',').map((s) => s.trim());
  if (!parts.length || parts.length > 2 || !parts.every((p) => (SUBJECTS as readonly string[]).includes(p)))
    throw badRequest('FORM_SIMULATION_VARIANT_INVALID', 'variant');
  return parts as Subject[];
}

export async function createSimulation(db: Db, adminId: number, raw: CreateSimulationBody): Promise<SimulationSummary> {
  const body = { ...raw, is_premium: raw.is_premium ?? false };
  const profile = await profileBySlug(db, body.profile_slug);
  if (!profile) throw badRequest('FORM_CENTER_INVALID', 'profile_slug');
  if (!variantAllowed(profile, body.variant)) throw badRequest('FORM_SIMULATION_VARIANT_INVALID', 'variant');
  const id = body.id ?? randomUUID();
  if (await db.one('select 1 from simulations where id = $1', [id])) throw badRequest('FORM_UUID_INVALID', 'id');
  const gridIds = await buildPaper(db, profile, body.variant, {
    premium: body.is_premium,
    sourceBook: body.kind === 'source' ? (body.source_book ?? null) : null,
  });
  const timeLimitS = (body.time_limit_min ?? profile.time_limit_min ?? 180) * 60;
  await db.tx(async (tx) => {
    await tx.query(
      `insert into simulations (id, title, kind, profile_slug, variant, source_book, time_limit_s, is_premium, opens_at, closes_at,
                                published_at, created_by)
       values ($1, $2, $3, $4, $5::text[], $6, $7, $8, $9, $10, case when $11::boolean then now() end, $12)`,
      [
        id,
        body.title,
        body.kind,
        profile.slug,
        body.variant,
        body.source_book ?? null,
        timeLimitS,
        body.is_premium,
        body.opens_at ?? null,
        body.closes_at ?? null,
        body.publish ?? false,
        adminId,
      ],
    );
    await tx.query(
      `insert into simulation_grids (simulation_id, position, grid_id)
       select $1, x.ord, x.gid from unnest($2::int[]) with ordinality as x(gid, ord)`,
      [id, gridIds],
    );
  });
  return serializeSimulation((await simulationById(db, adminId, id))!);
}

export async function publishSimulation(db: Db, adminId: number, id: string): Promise<SimulationSummary> {
  if (!UUID_RE.test(id)) throw notFound('FORM_SIMULATION_NOT_FOUND');
  const row = await db.one('update simulations set published_at = coalesce(published_at, now()) where id = $1 returning id', [id]);
  if (!row) throw notFound('FORM_SIMULATION_NOT_FOUND');
  return serializeSimulation((await simulationById(db, adminId, id))!);
}

export async function list(
  db: Db,
  userId: number,
  q: { kind?: ListFilter['kind']; center?: string; variant?: string; source?: string },
  drafts = false,
) {
  const f: ListFilter = { kind: q.kind, center: q.center, source: q.source, drafts };
  if (q.variant) f.variant = parseVariant(q.variant);
  const rows = await listSimulations(db, userId, f);
  return { simulations: rows.map((r) => serializeSimulation(r)) };
}

/** A published simulation (unpublished ones are 404 to candidates). */
export async function publishedSimulation(db: Db, userId: number, id: string) {
  if (!UUID_RE.test(id)) throw notFound('FORM_SIMULATION_NOT_FOUND');
  const row = await simulationById(db, userId, id);
  if (!row?.published_at) throw notFound('FORM_SIMULATION_NOT_FOUND');
  return row;
}

/**
 * Starts (or resumes) the caller's attempt. An unfinished attempt is resumed even after the window
 * closed (its own time limit still runs); a new one needs the window open and, for a premium
 * paper, a premium account.
 */
export async function startSimulation(
  db: Db,
  userId: number,
  id: string,
): Promise<{ test: ServerTest; created: boolean }> {
  const sim = await publishedSimulation(db, userId, id);
  if (sim.my_open_test_id) {
    const t = await expireIfDue(db, await ownTest(db, userId, sim.my_open_test_id));
    if (t.status === 'unfinished') return { test: serializeTest(t), created: false };
  }
  const window = windowOf(sim);
  if (window === 'upcoming') throw conflict('FORM_SIMULATION_NOT_OPEN');
  if (window === 'closed') throw conflict('FORM_SIMULATION_CLOSED');
  if (sim.is_premium && !(await isPremium(db, userId))) throw forbidden('FORM_PREMIUM_CONTENT_ONLY');
  return db.tx(async (tx) => {
    // One unfinished attempt per candidate: that candidate's concurrent starts of this simulation
    // wait here (a lock on the pair, held to the commit) and then resume it. It used to lock the
    // simulation's row, so every candidate's start queued behind every other's on exam day
    // (issue 32 §6: 260 ms p99 at 2,000 candidates).
    await tx.query('select pg_advisory_xact_lock($1::int, hashtext($2))', [userId, `simulation-start:${id}`]);
    const again = await tx.one<{ id: string }>(
      `select id from tests where simulation_id = $1 and user_id = $2 and status = 'unfinished' limit 1`,
      [id, userId],
    );
    if (again) return { test: serializeTest(await ownTest(tx, userId, again.id)), created: false };
    const grids = await tx.query<{ grid_id: number }>(
      'select grid_id from simulation_grids where simulation_id = $1 order by position',
      [id],
    );
    const row = (await insertTest(tx, {
      userId,
      mode: 'exam',
      kind: 'simulation',
      manualId: null,
      filters: { simulation_id: id, profile_slug: sim.profile_slug, title: sim.title, variant: sim.variant },
      gridIds: grids.map((g) => g.grid_id),
      timeLimitS: sim.time_limit_s,
    }))!;
    await tx.query('update tests set simulation_id = $2 where id = $1', [row.id, id]);
    return { test: serializeTest(row), created: true };
  });
}
