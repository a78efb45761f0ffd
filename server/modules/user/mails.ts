// Romanian mail of the account settings, in the common frame of mail/templates.ts.
import type { Mail } from '../mail/mailer.ts';
import { greet, layout, roCount } from '../mail/templates.ts';

/** After an e-mail change: the link confirms the new address (auth's /confirma-email flow). */
export function confirmNewEmailMail(o: {
  to: string;
  name: string;
  link: string;
  product: string;
  hours: number;
}): Mail {
  const subject = `Confirmă noua adresă de email pentru ${o.product}`;
  return {
    to: o.to,
    subject,
    ...layout({
      product: o.product,
      title: subject,
      greeting: greet(o.name),
      paragraphs: [
        `Adresa de email a contului tău ${o.product} a fost schimbată în ${o.to}. Confirm-o ca să poți folosi în continuare toate funcțiile aplicației.`,
      ],
      button: { label: 'Confirmă adresa de email', url: o.link },
      after: [
        `Linkul este valabil ${roCount(o.hours, 'o oră', 'ore')} și poate fi folosit o singură dată.`,
        'Dacă nu tu ai făcut această schimbare, scrie-ne imediat prin pagina de contact.',
      ],
    }),
  };
}
