// Several photos of one sheet: the reading with the fewest uncertain marks leads; an option it left
// uncertain is settled only when every other photo that read the sheet decides it the same way.
// A confident disagreement never turns into a guess: the leading photo's own decision stands, and
// its uncertain options keep its crop for the review screen.
import type { QuestionReading, SheetOption, SheetReading } from './omr/types.ts';

type Read = Extract<SheetReading, { ok: true }>;

const uncertainCount = (r: Read) => r.questions.reduce((n, q) => n + q.uncertain.length, 0);

export function mergeReadings(readings: Read[]): Read {
  const [lead, ...others] = [...readings].sort((a, b) => uncertainCount(a) - uncertainCount(b));
  if (!lead) throw new Error('mergeReadings needs at least one reading');
  if (!others.length) return lead;
  const questions = lead.questions.map((q): QuestionReading => {
    if (!q.uncertain.length) return q;
    const marked = [...q.marked];
    const uncertain: SheetOption[] = [];
    for (const opt of q.uncertain) {
      const views = others.map((o) => o.questions.find((x) => x.n === q.n));
      const saysMarked = views.every((v) => v && v.marked.includes(opt));
      const saysBlank = views.every((v) => v && !v.marked.includes(opt) && !v.uncertain.includes(opt));
      if (saysMarked) marked.push(opt);
      else if (!saysBlank) uncertain.push(opt);
    }
    return { ...q, marked: marked.sort(), uncertain };
  });
  const uncertainCrops = Object.fromEntries(
    Object.entries(lead.uncertainCrops).filter(([n]) => questions.find((q) => q.n === Number(n))?.uncertain.length),
  );
  return { ...lead, sheetId: lead.sheetId ?? others.find((o) => o.sheetId)?.sheetId ?? null, questions, uncertainCrops };
}

/** The error to show when no photo could be read: the one that got furthest into the sheet. */
export function furthestError(codes: string[]): string {
  for (const c of ['FORM_SCAN_MISSING_RESPONSES', 'FORM_SCAN_SHEET_FOLDED', 'FORM_SCAN_NO_MARKS']) if (codes.includes(c)) return c;
  return 'FORM_SCAN_IMAGE_UNREADABLE';
}
