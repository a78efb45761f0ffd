import { plural } from '../../shared/ro-count.ts';
export { plural };

export const grids = (n: number) => plural(n, 'grilă', 'grile');
