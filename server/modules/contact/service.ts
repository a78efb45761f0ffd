// Stores a contact message and mails it to SUPPORT_EMAIL (Romanian, reply-to the sender).
import type { FastifyInstance } from 'fastify';
import type { Mail } from '../mail/mailer.ts';
import { layout } from '../mail/templates.ts';

export type ContactInput = {
  userId: number | null;
  name: string;
  email: string;
  message: string;
  ip: string;
};

/** Mail to support; `replyTo` lets support answer the sender directly. */
export function contactMail(
  o: ContactInput & { id: number; to: string; product: string },
): Mail & { replyTo: string } {
  const who = o.userId ? `utilizatorul #${o.userId}` : 'un vizitator neautentificat';
  const subject = `[${o.product}] Mesaj nou de contact de la ${o.name}`;
  const lines = o.message.split(/\r?\n/).filter((l) => l.trim() !== '');
  return {
    to: o.to,
    replyTo: o.email,
    subject,
    ...layout({
      product: o.product,
      title: subject,
      greeting: `Mesaj nou prin formularul de contact (#${o.id}), trimis de ${who}.`,
      paragraphs: [`Nume: ${o.name}`, `Email: ${o.email}`, `IP: ${o.ip}`, '—', ...lines],
      after: ['Răspunde direct la acest email pentru a-i scrie expeditorului.'],
    }),
  };
}

export async function sendContactMessage(app: FastifyInstance, input: ContactInput): Promise<number> {
  const row = await app.db.one<{ id: number }>(
    'insert into contact_messages (user_id, name, email, message) values ($1, $2, $3, $4) returning id',
    [input.userId, input.name, input.email, input.message],
  );
  const id = row!.id;
  // Mailer.send spreads its argument into nodemailer's sendMail, so replyTo reaches the message.
  const mail = contactMail({ ...input, id, to: app.config.SUPPORT_EMAIL, product: app.config.PRODUCT_NAME });
  try {
    await app.mailer.send(mail);
  } catch (err) {
    // Stored already: support still finds it in contact_messages.
    app.log.error({ err, contactId: id }, 'contact mail failed');
  }
  return id;
}
