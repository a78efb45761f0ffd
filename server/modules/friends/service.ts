// Friend requests and blocks: the rules between two users. Every call is the viewer acting on
// their own rows, so another user's request can only be answered by its addressee and withdrawn
// by its requester; a user someone blocked (or who blocked them) answers as if they did not exist.
import type { Db } from '../../db/db.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { Relation, SearchQuery } from '../../../src/shared/friend-rules.ts';
import * as q from './queries.ts';

const avatarSrc = (file: string | null) => (file ? `/media/avatars/${file}` : null);
const iso = (d: Date | string) => new Date(d).toISOString();
const person = (r: q.PersonRow) => ({
  id: r.id,
  name: r.name,
  avatar_thumb_src: avatarSrc(r.avatar_thumb_path),
});

/** Someone the viewer may deal with: exists, is not the viewer, and no block stands between them. */
async function reachable(db: Db, viewer: number, other: number): Promise<void> {
  if (other === viewer) throw badRequest('FORM_FRIENDSHIP_SELF', 'user_id');
  if (!(await q.userExists(db, other)) || (await q.blockedEitherWay(db, viewer, other)))
    throw notFound('FORM_USER_NOT_FOUND');
}

/**
 * A request from viewer to other. When other already asked the viewer, this accepts instead;
 * when other rejected the viewer's earlier request, the viewer cannot ask again (other may).
 */
export async function sendRequest(db: Db, viewer: number, other: number) {
  await reachable(db, viewer, other);
  return db.tx(async (tx) => {
    const row = await q.pairRow(tx, viewer, other);
    if (!row) {
      if (!(await q.insertRequest(tx, viewer, other))) throw conflict('FORM_FRIENDSHIP_ALREADY_SENT');
      return { status: 201, success: 'FRIENDSHIP_SENT' as const };
    }
    const mine = row.requester_id === viewer;
    if (row.status === 'accepted') throw conflict('FORM_FRIENDSHIP_ALREADY_FRIENDS');
    if (row.status === 'pending' && mine) throw conflict('FORM_FRIENDSHIP_ALREADY_SENT');
    if (row.status === 'rejected' && mine) throw conflict('FORM_FRIENDSHIP_REJECTED');
    if (row.status === 'pending') {
      await q.answerRequest(tx, other, viewer, 'accepted');
      return { status: 200, success: 'FRIENDSHIP_ACCEPTED' as const };
    }
    await q.renewRequest(tx, row.id, viewer, other);
    return { status: 201, success: 'FRIENDSHIP_SENT' as const };
  });
}

/** The viewer answers other's pending request. */
export async function answerRequest(db: Db, viewer: number, other: number, accept: boolean) {
  const done = await q.answerRequest(db, other, viewer, accept ? 'accepted' : 'rejected');
  if (!done) throw notFound('FORM_FRIENDSHIP_NOT_FOUND');
  return accept ? ('FRIENDSHIP_ACCEPTED' as const) : ('FRIENDSHIP_REJECTED' as const);
}

/** The viewer withdraws their own pending request to other. */
export async function cancelRequest(db: Db, viewer: number, other: number) {
  if (!(await q.deletePending(db, viewer, other))) throw notFound('FORM_FRIENDSHIP_NOT_FOUND');
  return 'FRIENDSHIP_CANCELLED' as const;
}

export async function removeFriend(db: Db, viewer: number, other: number) {
  if (!(await q.deleteAccepted(db, viewer, other))) throw notFound('FORM_FRIENDSHIP_NOT_FOUND');
  return 'FRIENDSHIP_REMOVED' as const;
}

/** Blocks other: ends the friendship and every request between the two, in one transaction. */
export async function block(db: Db, viewer: number, other: number) {
  if (other === viewer) throw badRequest('FORM_FRIENDSHIP_SELF', 'user_id');
  if (!(await q.userExists(db, other))) throw notFound('FORM_USER_NOT_FOUND');
  return db.tx(async (tx) => {
    if (!(await q.insertBlock(tx, viewer, other))) throw conflict('FORM_USER_ALREADY_BLOCKED');
    await q.deletePair(tx, viewer, other);
    return 'USER_BLOCKED' as const;
  });
}

export async function unblock(db: Db, viewer: number, other: number) {
  if (!(await q.deleteBlock(db, viewer, other))) throw notFound('FORM_USER_NOT_BLOCKED');
  return 'USER_UNBLOCKED' as const;
}

/** The viewer's own friends and requests, plus the invitation code they can hand out. */
export async function overview(db: Db, viewer: number) {
  const [friends, incoming, outgoing, code] = await Promise.all([
    q.friendsOf(db, viewer),
    q.pendingOf(db, viewer, 'incoming'),
    q.pendingOf(db, viewer, 'outgoing'),
    q.invitationCode(db, viewer),
  ]);
  return {
    invitation_code: code?.invitation_code ?? '',
    friends: friends.map((r) => ({ ...person(r), since: iso(r.since) })),
    incoming: incoming.map((r) => ({ ...person(r), created_at: iso(r.created_at) })),
    outgoing: outgoing.map((r) => ({ ...person(r), created_at: iso(r.created_at) })),
  };
}

export async function blockedList(db: Db, viewer: number) {
  const rows = await q.blockedBy(db, viewer);
  return { blocked: rows.map((r) => ({ ...person(r), created_at: iso(r.created_at) })) };
}

function relationOf(viewer: number, requester: number | null, status: string | null): Relation {
  if (!status || requester === null) return 'none';
  if (status === 'accepted') return 'friend';
  const mine = requester === viewer;
  if (status === 'pending') return mine ? 'outgoing' : 'incoming';
  // A request the other side rejected: the requester sees it; the one who rejected may ask anew.
  return mine ? 'rejected' : 'none';
}

/** People found by name, e-mail or invitation code; never an e-mail, never a blocked pair. */
export async function search(db: Db, viewer: number, query: SearchQuery) {
  const rows = await q.searchPeople(db, viewer, query);
  return {
    users: rows.map((r) => ({ ...person(r), relation: relationOf(viewer, r.requester_id, r.status) })),
  };
}
