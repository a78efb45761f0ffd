// Scoring profiles live in the scoring_profiles table (seeded by migration 005 from
// src/shared/scoring-profiles.ts); admins edit them. A user is graded with the profile of their
// centre, or the reference profile (Timișoara) when they have no centre or it has no profile.
import type { Db } from '../../db/db.ts';
import { notFound } from '../../lib/errors.ts';
import type { ScoringProfile } from '../../../src/shared/scoring.ts';
import { DEFAULT_PROFILE_SLUG, defaultProfile } from '../../../src/shared/scoring-profiles.ts';
import type { ScoringProfileBody } from '../../../src/shared/test-schema.ts';

type Row = { slug: string; profile: ScoringProfile; updated_at: Date };

const withSlug = (r: Row): ScoringProfile => ({ ...r.profile, slug: r.slug });

/** Every profile, in the centres' order (profiles without a centre last). */
export async function listProfiles(db: Db): Promise<ScoringProfile[]> {
  const rows = await db.query<Row>(
    `select sp.slug, sp.profile, sp.updated_at from scoring_profiles sp
       left join centers c on c.slug = sp.slug
      order by c.sort nulls last, sp.slug`,
  );
  return rows.map(withSlug);
}

export async function referenceProfile(db: Db): Promise<ScoringProfile> {
  const row = await db.one<Row>('select slug, profile, updated_at from scoring_profiles where slug = $1', [
    DEFAULT_PROFILE_SLUG,
  ]);
  return row ? withSlug(row) : defaultProfile()!;
}

/** The profile a user is graded with. */
export async function profileForUser(db: Db, userId: number): Promise<ScoringProfile> {
  const row = await db.one<Row>(
    `select sp.slug, sp.profile, sp.updated_at from users u
       join centers c on c.id = u.center_id
       join scoring_profiles sp on sp.slug = c.slug
      where u.id = $1`,
    [userId],
  );
  return row ? withSlug(row) : referenceProfile(db);
}

/** profileForUser and referenceProfile in one query (scoring a test needs both). */
export async function userAndReferenceProfiles(
  db: Db,
  userId: number,
): Promise<{ profile: ScoringProfile; reference: ScoringProfile }> {
  const rows = await db.query<Row & { own: boolean }>(
    `select sp.slug, sp.profile, sp.updated_at, sp.slug = c.slug as own from scoring_profiles sp
       left join (select c.slug from users u join centers c on c.id = u.center_id where u.id = $1) c on true
      where sp.slug = c.slug or sp.slug = $2`,
    [userId, DEFAULT_PROFILE_SLUG],
  );
  const ref = rows.find((r) => r.slug === DEFAULT_PROFILE_SLUG);
  const reference = ref ? withSlug(ref) : defaultProfile()!;
  const own = rows.find((r) => r.own);
  return { profile: own ? withSlug(own) : reference, reference };
}

/** Admin edit: an existing profile, or a new one for an existing centre; otherwise 404. */
export async function saveProfile(
  db: Db,
  slug: string,
  body: ScoringProfileBody,
  adminId: number,
): Promise<ScoringProfile> {
  const known = await db.one(
    'select 1 from scoring_profiles where slug = $1 union all select 1 from centers where slug = $1 limit 1',
    [slug],
  );
  if (!known) throw notFound('FORM_SCORING_PROFILE_NOT_FOUND');
  const profile = { ...body, slug } as ScoringProfile;
  await db.query(
    `insert into scoring_profiles (slug, profile, updated_by, updated_at) values ($1, $2::jsonb, $3, now())
     on conflict (slug) do update set profile = excluded.profile, updated_by = excluded.updated_by, updated_at = now()`,
    [slug, JSON.stringify(profile), adminId],
  );
  return profile;
}

export async function profileBySlug(db: Db, slug: string): Promise<ScoringProfile | undefined> {
  const row = await db.one<Row>('select slug, profile, updated_at from scoring_profiles where slug = $1', [slug]);
  return row ? withSlug(row) : undefined;
}

/**
 * The profiles a test is graded with: a simulation (kind 'simulation', filters.profile_slug) is
 * graded under its own centre's profile whoever takes it; any other test under the user's.
 */
export async function profilesForTest(
  db: Db,
  test: { user_id: number; kind: string; filters: Record<string, unknown> | null },
): Promise<{ profile: ScoringProfile; reference: ScoringProfile }> {
  const own = await userAndReferenceProfiles(db, test.user_id);
  const slug = test.kind === 'simulation' ? test.filters?.profile_slug : undefined;
  const sim = typeof slug === 'string' ? await profileBySlug(db, slug) : undefined;
  return sim ? { profile: sim, reference: own.reference } : own;
}
