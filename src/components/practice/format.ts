// Romanian counting: 1 grilă, 2–19 grile, 20+ de grile (and 101–119 again without "de").
export function plural(n: number, one: string, few: string): string {
  const rest = Math.abs(n) % 100;
  if (n === 1) return `1 ${one}`;
  if (n === 0 || (rest >= 1 && rest <= 19)) return `${n} ${few}`;
  return `${n} de ${few}`;
}

export const grids = (n: number) => plural(n, 'grilă', 'grile');
