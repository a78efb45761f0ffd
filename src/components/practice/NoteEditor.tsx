// The personal note of a grid: saved on the device as the candidate types (short pause or leaving
// the field), then sent by the per-grid queue. The status line says truly where it is.
import { useEffect, useId, useRef, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../offline/db.ts';
import { noteKey, pullNote, saveNote } from '../../offline/grid-actions.ts';
import { NOTE_MAX } from '../../shared/note-rules.ts';
import { Message } from '../Message.tsx';

const SAVE_AFTER_MS = 700;

export function NoteEditor({ gridId, label }: { gridId: number; label: string }) {
  const id = useId();
  const stored = useLiveQuery(() => db.notes.get(noteKey(gridId)), [gridId]);
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef<string | null>(null);

  useEffect(() => {
    void pullNote(gridId);
  }, [gridId]);

  const save = async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const value = latest.current;
    if (value === null || value === (stored?.text ?? '')) return;
    setSaving(true);
    try {
      await saveNote(gridId, value);
      setError(null);
    } catch (err) {
      setError(err instanceof Error && /^[A-Z_]+$/.test(err.message) ? err.message : 'FORM_AN_ERROR_HAS_OCCURRED');
    } finally {
      setSaving(false);
    }
  };

  // Leaving the grid saves what was typed.
  useEffect(
    () => () => {
      if (timer.current) {
        clearTimeout(timer.current);
        if (latest.current !== null) void saveNote(gridId, latest.current).catch(() => undefined);
      }
    },
    [gridId],
  );

  const value = text ?? stored?.text ?? '';
  const status = saving
    ? 'Se salvează…'
    : stored
      ? stored.synced
        ? 'Salvată în cont'
        : navigator.onLine
          ? 'Salvată pe dispozitiv, se trimite…'
          : 'Salvată pe dispozitiv; se trimite când revii online'
      : '';
  return (
    <div className="note-editor">
      <label htmlFor={id} className="note-editor__label">
        Notița ta la {label.toLowerCase()} <span className="muted">(o vezi doar tu)</span>
      </label>
      <textarea
        id={id}
        className="form-field__input note-editor__input"
        rows={3}
        maxLength={NOTE_MAX}
        value={value}
        onChange={(e) => {
          setText(e.target.value);
          latest.current = e.target.value;
          if (timer.current) clearTimeout(timer.current);
          timer.current = setTimeout(() => void save(), SAVE_AFTER_MS);
        }}
        onBlur={() => void save()}
        aria-describedby={`${id}-status`}
      />
      <p id={`${id}-status`} className="note-editor__status muted" aria-live="polite">
        {error ? <span className="form-errors"><Message code={error} /></span> : status}
        <span className="note-editor__count">
          {value.length}/{NOTE_MAX}
        </span>
      </p>
    </div>
  );
}
