// Readiness over time (issue 31 §3): payloads, bands, texts.
export * from './types.ts';
export * from './band.ts';
export * from './texts.ro.ts';
