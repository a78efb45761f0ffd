// Demo simulations (issue 9 §1): a few published papers built from the demo grids, so `npm start`
// shows /teste/simulare/* working. Fixed uuids make it idempotent; the Medinsider one is the uuid
// of the demo link /teste/simulare/medinsider?uuid=… (README). A paper the bank cannot fill is
// skipped with a log line, never an error at start.
import type { Db } from '../db.ts';
import type { SeedOptions } from './seed.ts';
import type { Subject } from '../../../src/shared/scoring.ts';
import type { SimulationKind } from '../../../src/shared/simulation-schema.ts';
import { profileBySlug } from '../../modules/scoring-profiles/service.ts';
import { buildPaper } from '../../modules/simulations/build.ts';
import { AppError } from '../../lib/errors.ts';

type DemoSimulation = {
  id: string;
  title: string;
  kind: SimulationKind;
  profile: string;
  variant: Subject[];
  premium: boolean;
  sourceBook?: string;
};

export const DEMO_MEDINSIDER_UUID = '6d1f0c1e-5b7a-4a53-9a1e-0c9a7e2d4b11';

export const DEMO_SIMULATIONS: DemoSimulation[] = [
  { id: '3b0c5a52-2f0e-4d0b-8a8e-6f7e1c2d9a01', title: 'Simulare Timișoara — model 2026', kind: 'centre', profile: 'timisoara', variant: ['biologie', 'chimie'], premium: false },
  { id: '3b0c5a52-2f0e-4d0b-8a8e-6f7e1c2d9a02', title: 'Simulare Galați — model 2026', kind: 'centre', profile: 'galati', variant: ['biologie', 'chimie'], premium: false },
  { id: '3b0c5a52-2f0e-4d0b-8a8e-6f7e1c2d9a03', title: 'Simulare București — premium', kind: 'centre', profile: 'bucuresti', variant: ['biologie', 'chimie'], premium: true },
  { id: '3b0c5a52-2f0e-4d0b-8a8e-6f7e1c2d9a04', title: 'Simulare din sursa Grilio (format Timișoara)', kind: 'source', profile: 'timisoara', variant: ['biologie', 'chimie'], premium: false, sourceBook: 'Grilio' },
  { id: DEMO_MEDINSIDER_UUID, title: 'Simulare Medinsider — demo', kind: 'medinsider', profile: 'timisoara', variant: ['biologie', 'chimie'], premium: false },
];

export async function seedSimulations(db: Db, opts: SeedOptions): Promise<void> {
  for (const s of DEMO_SIMULATIONS) {
    if (await db.one('select 1 from simulations where id = $1', [s.id])) continue;
    const profile = await profileBySlug(db, s.profile);
    if (!profile) continue;
    let grids: number[];
    try {
      grids = await buildPaper(db, profile, s.variant, { premium: s.premium, sourceBook: s.sourceBook ?? null });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      opts.log?.(`simulare demo NECREATĂ (${s.title}): prea puține grile`);
      continue;
    }
    await db.tx(async (tx) => {
      await tx.query(
        `insert into simulations (id, title, kind, profile_slug, variant, source_book, time_limit_s, is_premium, published_at)
         values ($1, $2, $3, $4, $5::text[], $6, $7, $8, now()) on conflict (id) do nothing`,
        [s.id, s.title, s.kind, s.profile, s.variant, s.sourceBook ?? null, (profile.time_limit_min ?? 180) * 60, s.premium],
      );
      await tx.query(
        `insert into simulation_grids (simulation_id, position, grid_id)
         select $1, x.ord, x.gid from unnest($2::int[]) with ordinality as x(gid, ord) on conflict do nothing`,
        [s.id, grids],
      );
    });
    opts.log?.(`simulare demo creată: ${s.title}`);
  }
}
