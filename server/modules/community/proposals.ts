// 'Decide the future' (issue 7 §5, tab ?tab=viitorul-{product}): feature proposals that users
// submit and vote on (one vote per user, a second call takes it back); only the team sets the
// status (proposed → planned → in progress → done, in any order the team needs).
import type { Db } from '../../db/db.ts';
import { notFound } from '../../lib/errors.ts';
import { PROPOSALS_PAGE_SIZE, type ProposalStatus } from '../../../src/shared/community-rules.ts';
import type { ProposalPayload, ProposalsPage } from '../../../src/shared/community-payloads.ts';
import { iso, isoOrNull, person } from './serialize.ts';

type Row = {
  id: number;
  title: string;
  description: string;
  status: ProposalStatus;
  vote_count: number;
  author_id: number | null;
  author_name: string | null;
  avatar_thumb_path: string | null;
  created_at: Date | string;
  status_changed_at: Date | string | null;
  voted: boolean;
};

const COLUMNS = `p.id, p.title, p.description, p.status, p.vote_count, p.author_id, u.name as author_name,
  u.avatar_thumb_path, p.created_at, p.status_changed_at,
  exists(select 1 from proposal_votes v where v.proposal_id = p.id and v.user_id = $1) as voted`;

const toPayload = (r: Row, viewer: number): ProposalPayload => ({
  id: r.id,
  title: r.title,
  description: r.description,
  status: r.status,
  votes: r.vote_count,
  author: person(r.author_id, r.author_name, r.avatar_thumb_path),
  created_at: iso(r.created_at),
  status_changed_at: isoOrNull(r.status_changed_at),
  mine: r.author_id === viewer,
  voted: Boolean(r.voted),
});

export async function list(
  db: Db,
  viewer: number,
  opts: { sort?: 'top' | 'new'; status?: ProposalStatus; page?: number },
): Promise<ProposalsPage> {
  const page = opts.page ?? 1;
  const size = PROPOSALS_PAGE_SIZE;
  const order = opts.sort === 'new' ? 'p.created_at desc, p.id desc' : 'p.vote_count desc, p.created_at desc, p.id desc';
  const rows = await db.query<Row>(
    `select ${COLUMNS} from proposals p left join users u on u.id = p.author_id
      where ($2::text is null or p.status = $2) order by ${order} limit $3 offset $4`,
    [viewer, opts.status ?? null, size + 1, (page - 1) * size],
  );
  return { proposals: rows.slice(0, size).map((r) => toPayload(r, viewer)), page, page_size: size, has_more: rows.length > size };
}

async function one(db: Db, viewer: number, id: number): Promise<ProposalPayload> {
  const r = await db.one<Row>(`select ${COLUMNS} from proposals p left join users u on u.id = p.author_id where p.id = $2`, [viewer, id]);
  if (!r) throw notFound('FORM_PROPOSAL_NOT_FOUND');
  return toPayload(r, viewer);
}

export async function create(db: Db, viewer: number, input: { title: string; description: string }) {
  const row = await db.one<{ id: number }>(
    `insert into proposals (author_id, title, description) values ($1, $2, $3) returning id`,
    [viewer, input.title, input.description],
  );
  return { success: 'PROPOSAL_SENT' as const, proposal: await one(db, viewer, row!.id) };
}

export async function vote(db: Db, viewer: number, id: number): Promise<{ voted: boolean; votes: number }> {
  return db.tx(async (tx) => {
    if (!(await tx.one('select 1 from proposals where id = $1', [id]))) throw notFound('FORM_PROPOSAL_NOT_FOUND');
    const added = await tx.one(
      `insert into proposal_votes (proposal_id, user_id) values ($1, $2) on conflict do nothing returning 1 as x`,
      [id, viewer],
    );
    if (!added) await tx.query('delete from proposal_votes where proposal_id = $1 and user_id = $2', [id, viewer]);
    const row = await tx.one<{ vote_count: number }>(
      `update proposals set vote_count = (select count(*)::int from proposal_votes where proposal_id = $1) where id = $1
       returning vote_count`,
      [id],
    );
    return { voted: Boolean(added), votes: row?.vote_count ?? 0 };
  });
}

export async function setStatus(db: Db, admin: number, id: number, status: ProposalStatus) {
  const row = await db.one(
    `update proposals set status = $2, status_changed_at = now() where id = $1 returning id`,
    [id, status],
  );
  if (!row) throw notFound('FORM_PROPOSAL_NOT_FOUND');
  return { success: 'PROPOSAL_STATUS_SAVED' as const, proposal: await one(db, admin, id) };
}
