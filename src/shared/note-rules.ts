// The rules of a personal note's text, without zod: the solve and results screens check a note on
// the device before queuing it (src/offline/grid-actions.ts), and zod is not on that path
// (issue 12 §2). The server's schema (noteText in grid-actions-schema.ts) applies the same rules.
import { storableText } from './storable-text.ts';

export const NOTE_MAX = 2000;

/** The catalogue code refusing `text` as a note, or null when it can be stored. */
export function noteTextProblem(text: unknown): string | null {
  if (typeof text !== 'string') return 'FIELD_INVALID';
  if (text.length > NOTE_MAX) return 'FORM_NOTE_TOO_LONG';
  if (!storableText(text)) return 'FIELD_TEXT_UNSUPPORTED';
  return null;
}
