// What other modules tell users through notify() (issue 7 §4), with the Romanian texts in one
// place. A trigger runs after its action is committed: a failure is logged and never undoes or
// fails the action (the friend request exists whether or not its notification could be stored).
import type { FastifyInstance } from 'fastify';
import { notify, type NotifyInput } from './notify.ts';

async function safely(app: FastifyInstance, userId: number, make: () => Promise<NotifyInput | null>) {
  try {
    const n = await make();
    if (n) await notify(app, userId, n);
  } catch (err) {
    app.log.warn({ err, userId }, 'notification not created');
  }
}

async function nameOf(app: FastifyInstance, userId: number): Promise<string | null> {
  const row = await app.db.one<{ name: string }>('select name from users where id = $1', [userId]);
  return row ? row.name.trim() || 'Cineva' : null;
}

/** `to` received a friend request from `from`. */
export function friendRequestReceived(app: FastifyInstance, from: number, to: number) {
  return safely(app, to, async () => {
    const name = await nameOf(app, from);
    return name === null
      ? null
      : {
          type: 'friend_request',
          title: 'Cerere de prietenie',
          message: `${name} ți-a trimis o cerere de prietenie.`,
          link: '/prieteni',
          subject_user_id: from,
        };
  });
}

/** `requester`'s friend request was accepted by `accepter`. */
export function friendRequestAccepted(app: FastifyInstance, accepter: number, requester: number) {
  return safely(app, requester, async () => {
    const name = await nameOf(app, accepter);
    return name === null
      ? null
      : {
          type: 'friend_accepted',
          title: 'Cerere de prietenie acceptată',
          message: `${name} ți-a acceptat cererea de prietenie. Acum vă puteți trimite mesaje.`,
          link: '/prieteni',
          subject_user_id: accepter,
        };
  });
}

/** The team answered `userId`'s report about grid `gridId`. */
export function reportAnswered(app: FastifyInstance, userId: number, gridId: number, reply: string) {
  return safely(app, userId, async () => ({
    type: 'report',
    title: `Răspuns la raportarea grilei #${gridId}`,
    message: reply,
  }));
}
