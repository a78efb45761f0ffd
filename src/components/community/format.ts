// Dates in the community lists, in Romanian.
const FORMAT = new Intl.DateTimeFormat('ro-RO', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

export function formatWhen(iso: string): string {
  return FORMAT.format(new Date(iso));
}
