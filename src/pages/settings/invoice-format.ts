// How invoices are written on screen, the candidate's history and the admin's book alike.

/** 4900 → "49,00 lei", −4900 → "−49,00 lei" (a storno). */
export function lei(bani: number): string {
  const abs = Math.abs(bani);
  return `${bani < 0 ? '−' : ''}${Math.floor(abs / 100).toLocaleString('ro-RO')},${String(abs % 100).padStart(2, '0')} lei`;
}

/** "25 noiembrie 2026", in Romanian time (an invoice's date is the seller's). */
export const invoiceDate = (iso: string) =>
  new Intl.DateTimeFormat('ro-RO', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Bucharest',
  }).format(new Date(iso));
