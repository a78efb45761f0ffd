// The keyboard shortcuts of the solve screen (desktop): a visible "Scurtături" button and '?'
// toggle this small panel; Escape closes it.
export const SHORTCUTS: readonly [string, string][] = [
  ['A–E sau 1–5', 'bifează varianta'],
  ['Shift + A–E', 'taie varianta (sau clic dreapta)'],
  ['← → sau K / J', 'grila anterioară / următoare'],
  ['F', 'marchează grila'],
  ['Enter', 'confirmă răspunsul (mod tutor)'],
  ['?', 'arată / ascunde scurtăturile'],
];

export function ShortcutsButton({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  return (
    <button type="button" className="btn btn--ghost btn--small shortcuts-button" aria-expanded={open} aria-controls="solve-shortcuts" onClick={onToggle}>
      <span aria-hidden="true">⌨</span> Scurtături
    </button>
  );
}

export function ShortcutsHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  if (!open) return null;
  return (
    <section id="solve-shortcuts" className="shortcuts" aria-labelledby="shortcuts-title">
      <header className="shortcuts__head">
        <h2 id="shortcuts-title">Scurtături de tastatură</h2>
        <button type="button" className="btn btn--ghost btn--small" onClick={onClose}>
          Închide
        </button>
      </header>
      <dl className="shortcuts__list">
        {SHORTCUTS.map(([keys, what]) => (
          <div key={keys}>
            <dt>
              <kbd>{keys}</kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
