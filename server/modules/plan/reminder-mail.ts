// The plan reminder's e-mail (issue 31 §1): the mails' common frame (mail/templates.ts), the
// person's call name, what is left of today's plan, and how to change or stop the reminder.
import { greet, layout, type MailContent } from '../mail/templates.ts';
import { hourLabel, itemDone, minutesLeft } from '../../../src/shared/plan/reminder.ts';
import type { PlanItem } from '../../../src/shared/plan/types.ts';
import { pluralOr } from '../../../src/shared/ro-count.ts';

function line(it: PlanItem): string {
  switch (it.kind) {
    case 'read':
      return `Citește „${it.title}”${it.finishes ? '' : ' (o parte)'}`;
    case 'grids':
      return `Grile din „${it.title}”: ${it.done_count} din ${it.count}`;
    case 'reviews':
      return `Recapitulează grile: ${it.done_count} din ${it.count}`;
    case 'simulation':
      return `Simulare ${it.name}`;
  }
}

export function planReminderMail(o: {
  product: string;
  name: string;
  items: PlanItem[];
  planUrl: string;
  settingsUrl: string;
  /** Turns the reminder off without a sign-in (the page asks to confirm). */
  unsubscribeUrl: string;
  hour?: number;
}): MailContent {
  const left = o.items.filter((it) => !itemDone(it));
  const min = minutesLeft(left);
  const subject = `Planul de azi pe ${o.product}`;
  return {
    subject,
    ...layout({
      product: o.product,
      title: subject,
      greeting: greet(o.name),
      paragraphs: [
        `Mai ai ${pluralOr(left.length, 'un lucru', 'lucruri')} din planul de azi${min > 0 ? `, cam ${pluralOr(min, 'un minut', 'minute')}` : ''}:`,
        ...left.slice(0, 6).map((it) => `• ${line(it)}`),
        ...(left.length > 6 ? [`… și încă ${left.length - 6}.`] : []),
      ],
      button: { label: 'Deschide planul de azi', url: o.planUrl },
      after: [
        `Primești acest memento${o.hour !== undefined ? ` la ${hourLabel(o.hour)}` : ''} pentru că l-ai ales în setările planului.`,
      ],
      links: [
        { text: 'Îl poți muta la altă oră sau opri oricând din', label: 'setările planului', url: o.settingsUrl },
        { text: 'Nu mai vrei mementoul?', label: 'Oprește-l fără să te conectezi', url: o.unsubscribeUrl },
      ],
    }),
  };
}
