// Invitations: stored as member rows (status invited) and announced to each invitee through the
// notifications module (stored, live on their private channel, pushed), linking to the lobby.
import type { FastifyInstance } from 'fastify';
import { conflict } from '../../lib/errors.ts';
import { notify } from '../notifications/notify.ts';
import { checkInvitees } from './create.ts';
import { requireCreator, requireMember, requireNotEnded, requirePremium, requireSeat, withGroup } from './access.ts';
import { member } from './queries.ts';

export async function sendInvitations(app: FastifyInstance, from: number, hash: string, to: number[]): Promise<void> {
  // What the sender asked to be called, else the full name: the first word of "Popescu Ana" is
  // the family name (issue 23 §3).
  const sender = await app.db.one<{ name: string }>('select coalesce(call_name, name) as name from users where id = $1', [from]);
  const who = sender?.name.trim() || 'Un prieten';
  for (const userId of to) {
    try {
      await notify(app, userId, {
        type: 'group_invite',
        title: 'Invitație la un test de grup',
        message: `${who} te-a invitat la un test de grup.`,
        link: `/grup/${hash}`,
      });
    } catch (err) {
      app.log.warn({ err, userId }, 'group invitation notice not created');
    }
  }
}

export async function inviteUser(app: FastifyInstance, userId: number, hash: string, target: number) {
  await requirePremium(app.db, userId);
  await withGroup(app, hash, async ({ tx, g, events }) => {
    // The gates of every group route: a stranger gets 404, a kicked member FORM_GROUP_KICKED_OUT.
    await requireMember(tx, g, userId);
    requireCreator(g, userId);
    requireNotEnded(g);
    if (g.status !== 'lobby') throw conflict('FORM_GROUP_ALREADY_STARTED');
    await checkInvitees(tx, userId, [target], 'user_id');
    const m = await member(tx, g.id, target);
    if (m && m.status !== 'left') throw conflict('FORM_GROUP_USER_ALREADY_INVITED', 'user_id');
    await requireSeat(tx, g);
    if (m) await tx.query(`update group_members set status = 'invited', ready = false where group_id = $1 and user_id = $2`, [g.id, target]);
    else await tx.query(`insert into group_members (group_id, user_id, status, invited_by) values ($1, $2, 'invited', $3)`, [g.id, target, userId]);
    events.push({ type: 'member', user_id: target, status: 'invited', ready: false });
  });
  await sendInvitations(app, userId, hash, [target]);
  return { success: 'INVITATION_SENT' as const };
}
