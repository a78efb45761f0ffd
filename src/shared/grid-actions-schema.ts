// Bodies of the per-grid actions made from the solve and results screens (issue 11 §4.4, §5):
// a personal note, a report carrying the client's id. Shared by the server routes and the app's
// offline queue (src/offline/grid-actions.ts), which checks them before queuing.
import { z } from 'zod';
import { uuid } from './validation.ts';
import { isoDateTime, storableText } from './input-rules.ts';
import { NOTE_MAX } from './note-rules.ts';

// The note's rules without zod (the device checks a note with them) live in note-rules.ts.
export { NOTE_MAX };

// A NUL byte or a lone UTF-16 surrogate cannot be stored as PostgreSQL text: refused, not a 500.
export { storableText };

export const noteText = z
  .string({ error: 'FIELD_INVALID' })
  .max(NOTE_MAX, 'FORM_NOTE_TOO_LONG')
  .refine(storableText, 'FIELD_TEXT_UNSUPPORTED');

/** PUT /grids/:id/note. An empty text removes the note. `updated_at` (when the device wrote it) keeps the later edit. */
export const noteBody = z.object({
  text: noteText,
  updated_at: isoDateTime().optional(),
});
export type NoteBody = z.input<typeof noteBody>;

export type GridNote = { grid_id: number; text: string; updated_at: string };

/** The optional client id of a report: a retry with the same id answers with the same report. */
export const reportClientId = uuid.optional();
