// A test that needs a tool outside npm (pdftoppm, Java with Saxon, Redis, the OMRChecker samples):
// on a developer's machine without it the test is skipped with the reason printed; in CI, where
// .ci/run installs every such tool, a missing one fails the file instead, so no test stops running
// unnoticed.
/** True when the test must be skipped for lack of `tool`; throws in CI. */
export function lacks(tool: string, present: boolean, install: string): boolean {
  if (present) return false;
  const why = `${tool} is missing (${install})`;
  if (process.env.CI) throw new Error(`${why}: .ci/run must install it, a test may not be skipped in CI for a missing tool`);
  console.warn(`skipped: ${why}`);
  return true;
}
