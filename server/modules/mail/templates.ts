// Romanian mail templates: each returns { subject, html, text } for app.mailer.send({ to, ...mail }).
// HTML is a simple, inline-styled single column (mail clients ignore <style>); the text part carries
// the same content and the link on a line of its own.
import { pluralOr } from '../../../src/shared/ro-count.ts';

export type MailContent = { subject: string; html: string; text: string };

export function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

type Layout = {
  product: string;
  title: string;
  greeting: string;
  paragraphs: string[];
  button?: { label: string; url: string };
  after?: string[];
  /** Small print with a link each (e.g. how to stop a recurring mail): HTML anchors, URLs on the text part. */
  links?: { text: string; label: string; url: string }[];
};

/** Wraps content into the common HTML frame and the matching text version. */
export function layout(l: Layout): { html: string; text: string } {
  const p = (t: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#1f2933">${escapeHtml(t)}</p>`;
  const button = l.button
    ? `<p style="margin:24px 0;text-align:center"><a href="${escapeHtml(l.button.url)}" style="display:inline-block;padding:12px 24px;background:#0f766e;color:#ffffff;text-decoration:none;border-radius:8px;font-weight:600;font-size:16px">${escapeHtml(l.button.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#52606d">Dacă butonul nu funcționează, copiază acest link în browser:<br><a href="${escapeHtml(l.button.url)}" style="color:#0f766e;word-break:break-all">${escapeHtml(l.button.url)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="ro"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(l.title)}</title></head>
<body style="margin:0;padding:0;background:#f5f7fa;font-family:Arial,Helvetica,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f5f7fa;padding:24px 0"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
<h1 style="margin:0 0 24px;font-size:22px;color:#0f766e">${escapeHtml(l.product)}</h1>
${p(l.greeting)}
${l.paragraphs.map(p).join('\n')}
${button}
${(l.after ?? []).map(p).join('\n')}
${(l.links ?? []).map((k) => `<p style="margin:0 0 12px;font-size:13px;line-height:1.5;color:#52606d">${escapeHtml(k.text)} <a href="${escapeHtml(k.url)}" style="color:#0f766e">${escapeHtml(k.label)}</a></p>`).join('\n')}
<p style="margin:24px 0 0;font-size:14px;line-height:1.5;color:#52606d">Spor la învățat,<br>Echipa ${escapeHtml(l.product)}</p>
</td></tr></table>
</td></tr></table>
</body></html>
`;
  const text = [
    l.greeting,
    '',
    ...l.paragraphs.flatMap((t) => [t, '']),
    ...(l.button ? [`${l.button.label}:`, l.button.url, ''] : []),
    ...(l.after ?? []).flatMap((t) => [t, '']),
    ...(l.links ?? []).flatMap((k) => [`${k.text} ${k.label}:`, k.url, '']),
    'Spor la învățat,',
    `Echipa ${l.product}`,
    '',
  ].join('\n');
  return { html, text };
}

/** Romanian count phrase: "o oră", "5 ore", "48 de ore" ("de" from 20 up, and for 100, 101…). */
export const roCount = pluralOr;

// The callers pass the name the person asked to be called by (src/shared/call-name.ts).
/** The greeting of every mail: the person's name (the call name where they gave one), or none. */
export const greet = (name: string) => (name.trim() ? `Bună, ${name.trim()}!` : 'Bună!');

export function confirmEmailMail(o: {
  product: string;
  name: string;
  link: string;
  hours: number;
}): MailContent {
  const subject = `Confirmă adresa de email pentru ${o.product}`;
  return {
    subject,
    ...layout({
      product: o.product,
      title: subject,
      greeting: greet(o.name),
      paragraphs: [
        `Îți mulțumim că ți-ai creat cont pe ${o.product}. Mai ai un singur pas: confirmă adresa de email ca să poți începe pregătirea pentru admitere.`,
      ],
      button: { label: 'Confirmă adresa de email', url: o.link },
      after: [
        `Linkul este valabil ${roCount(o.hours, 'o oră', 'ore')} și poate fi folosit o singură dată.`,
        'Dacă nu tu ți-ai creat contul, poți ignora acest mesaj.',
      ],
    }),
  };
}

export function resetPasswordMail(o: {
  product: string;
  name: string;
  link: string;
  minutes: number;
}): MailContent {
  const subject = `Resetarea parolei pentru ${o.product}`;
  return {
    subject,
    ...layout({
      product: o.product,
      title: subject,
      greeting: greet(o.name),
      paragraphs: [
        `Am primit o cerere de resetare a parolei pentru contul tău ${o.product}. Apasă butonul de mai jos ca să alegi o parolă nouă.`,
      ],
      button: { label: 'Alege o parolă nouă', url: o.link },
      after: [
        `Linkul este valabil ${roCount(o.minutes, 'un minut', 'minute')} și poate fi folosit o singură dată. După resetare vei fi deconectat de pe toate dispozitivele.`,
        'Dacă nu tu ai cerut resetarea, ignoră acest mesaj: parola ta rămâne neschimbată.',
      ],
    }),
  };
}
