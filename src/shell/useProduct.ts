import { useSnapshot } from 'valtio';
import { app } from '../state/app.ts';

/** The product name from the public settings (default Grilio). */
export function useProduct(): string {
  return useSnapshot(app).product;
}
