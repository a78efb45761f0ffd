// zod compiles object schemas with `new Function` unless told not to, and finds out whether it may
// by trying: under our CSP (no 'unsafe-eval') every signed-in page logged a `script-src 'eval'`
// violation, which buried a real one (issue 32 §4). Jitless parsing is fast enough for our forms.
// Set on the shared config object itself (zod keeps a reference to it), so it holds whether zod's
// modules were evaluated before or after this one, and without importing zod into the entry.
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(scope.__zod_globalConfig ??= {}).jitless = true;
export {};
