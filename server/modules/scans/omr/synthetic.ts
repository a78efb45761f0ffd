// Synthetic answer sheets for tests, the bench and e2e: our sheet with known marks
// (synthetic-sheet.ts) photographed the ways phones degrade it (degrade.ts).
export {
  renderSyntheticSheet,
  planMarks,
  sheetSvg,
  type MarkKind,
  type MarkPlan,
  type SyntheticMark,
} from './synthetic-sheet.ts';
export { degrade, type DegradeOptions } from './degrade.ts';
