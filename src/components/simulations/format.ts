// Small labels shared by the simulation screens.
import type { SimulationSummary } from '../../shared/simulation-schema.ts';
import { plural } from '../../shared/ro-count.ts';

const SUBJECT: Record<string, string> = { biologie: 'Biologie', chimie: 'Chimie', fizica: 'Fizică' };

/** ['biologie','chimie'] → 'Biologie + Chimie' */
export const variantLabel = (v: readonly string[]) => v.map((s) => SUBJECT[s] ?? s).join(' + ');
export const variantKey = (v: readonly string[]) => v.join(',');

export function minutesLabel(seconds: number): string {
  const m = Math.round(seconds / 60);
  const h = Math.floor(m / 60);
  const rest = m % 60;
  if (!h) return `${m} min`;
  return rest ? `${h} h ${rest} min` : h === 1 ? '1 oră' : `${h} ore`;
}

const date = (iso: string) => new Date(iso).toLocaleString('ro-RO', { dateStyle: 'medium', timeStyle: 'short' });

export function windowLabel(s: Pick<SimulationSummary, 'window' | 'opens_at' | 'closes_at'>): string {
  if (s.window === 'upcoming') return `Se deschide pe ${date(s.opens_at!)}`;
  if (s.window === 'closed') return 'Închisă';
  return s.closes_at ? `Deschisă până pe ${date(s.closes_at)}` : 'Deschisă oricând';
}

export const fmt = (n: number, d = 2) => n.toLocaleString('ro-RO', { maximumFractionDigits: d });

/** Romanian plural: "niciun candidat", "1 candidat", "2–19 candidați", "20 de candidați". */
export function finishedLabel(n: number): string {
  if (n === 0) return 'Niciun candidat nu a terminat-o încă';
  if (n === 1) return 'Un candidat a terminat-o';
  return `${plural(n, 'candidat', 'candidați')} au terminat-o`;
}
