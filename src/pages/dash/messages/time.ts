// Short Romanian times for messages: the hour today, else the day and month.
const hour = new Intl.DateTimeFormat('ro-RO', { hour: '2-digit', minute: '2-digit' });
const day = new Intl.DateTimeFormat('ro-RO', { day: 'numeric', month: 'short' });

export function shortTime(iso: string, now = new Date()): string {
  const d = new Date(iso);
  return d.toDateString() === now.toDateString() ? hour.format(d) : day.format(d);
}

export const fullTime = (iso: string) =>
  new Intl.DateTimeFormat('ro-RO', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
