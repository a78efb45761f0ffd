// Romanian counting, the one rule for app, server and e-mails: 1 grilă, 0 and 2–19 grile, 20–100
// "de grile" (and 101–119 again without "de", 120+ with it) — the numbers whose plural category
// in Romanian is 'other' take "de".

/** The words after the number: "grilă", "grile" or "de grile". */
export function countNoun(n: number, one: string, few: string): string {
  const rest = Math.abs(n) % 100;
  if (n === 1) return one;
  if (n === 0 || (rest >= 1 && rest <= 19)) return few;
  return `de ${few}`;
}

/** "1 grilă", "3 grile", "20 de grile". */
export function plural(n: number, one: string, few: string): string {
  return `${n} ${countNoun(n, one, few)}`;
}

/** As plural, with a phrase of its own for one: "o oră" / "2 ore" / "24 de ore". */
export function pluralOr(n: number, oneText: string, few: string): string {
  return n === 1 ? oneText : plural(n, '', few);
}
