// Romanian mails of the account settings.
import type { Mail } from '../mail/mailer.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function confirmNewEmailMail(opts: { to: string; name: string; link: string; product: string }): Mail {
  const { to, name, link, product } = opts;
  const subject = `Confirmă noua adresă de email — ${product}`;
  const text = [
    `Salut, ${name}!`,
    '',
    `Adresa de email a contului tău ${product} a fost schimbată în ${to}.`,
    'Confirm-o deschizând linkul de mai jos (valabil 48 de ore):',
    '',
    link,
    '',
    'Dacă nu tu ai făcut această schimbare, scrie-ne imediat răspunzând la acest mesaj.',
    '',
    `Echipa ${product}`,
  ].join('\n');
  const html = `<!doctype html><html lang="ro"><body style="font-family:Arial,sans-serif;line-height:1.5;color:#1f2937">
<p>Salut, ${escapeHtml(name)}!</p>
<p>Adresa de email a contului tău ${escapeHtml(product)} a fost schimbată în <strong>${escapeHtml(to)}</strong>.
Confirm-o apăsând butonul de mai jos (linkul este valabil 48 de ore):</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#0f766e;color:#fff;border-radius:6px;text-decoration:none">Confirmă adresa de email</a></p>
<p style="font-size:13px;color:#6b7280">Dacă butonul nu funcționează, copiază linkul în browser:<br>${escapeHtml(link)}</p>
<p>Dacă nu tu ai făcut această schimbare, scrie-ne imediat.</p>
<p>Echipa ${escapeHtml(product)}</p>
</body></html>`;
  return { to, subject, text, html };
}

export { escapeHtml };
