// A grid shared into a conversation: its card opens the grid right here, the friend marks
// options and checks them against the answer (the grid comes from GET /grids/{id}, so the premium
// and publication rules of that call apply to whoever opens it).
import { useState } from 'react';
import { getGrid, type GridOut } from '../../../api/grids.ts';
import { errorCode } from '../../../api/errors.ts';
import { messageFor } from '../../../shared/messages.ro.ts';
import type { SharedGridPayload } from '../../../shared/message-payloads.ts';

export function SharedGridCard({ grid }: { grid: SharedGridPayload }) {
  const [open, setOpen] = useState(false);
  const [full, setFull] = useState<GridOut | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [marked, setMarked] = useState<string[]>([]);
  const [checked, setChecked] = useState(false);

  const start = async () => {
    setOpen(true);
    if (full) return;
    try {
      setFull((await getGrid(grid.id)).grid);
    } catch (err) {
      setError(errorCode(err));
    }
  };
  const toggle = (letter: string) => {
    if (checked || !full) return;
    if (full.type === 'CS') setMarked([letter]);
    else setMarked((m) => (m.includes(letter) ? m.filter((x) => x !== letter) : [...m, letter].sort()));
  };
  const correct = full?.correct ?? null;
  const right = correct !== null && marked.join() === [...correct].sort().join();

  return (
    <div className="shared-grid" data-testid="shared-grid">
      <p className="shared-grid__label muted">
        Grilă{grid.premium ? ' Premium' : ''} #{grid.id}
      </p>
      <p className="shared-grid__statement">{full?.statement ?? grid.statement}</p>
      {!open ? (
        <button type="button" className="btn btn--small btn--primary" onClick={() => void start()}>
          Rezolvă grila
        </button>
      ) : null}
      {open && error ? <p className="form-errors">{messageFor(error)}</p> : null}
      {open && !full && !error ? <p className="muted">Se încarcă…</p> : null}
      {open && full ? (
        <>
          <ul className="shared-grid__options">
            {Object.entries(full.options).map(([letter, text]) => {
              const state = checked && correct ? (correct.includes(letter) ? ' is-correct' : marked.includes(letter) ? ' is-wrong' : '') : '';
              return (
                <li key={letter}>
                  <button
                    type="button"
                    className={`shared-grid__option${marked.includes(letter) ? ' is-marked' : ''}${state}`}
                    aria-pressed={marked.includes(letter)}
                    onClick={() => toggle(letter)}
                  >
                    <strong>{letter}.</strong> {text}
                  </button>
                </li>
              );
            })}
          </ul>
          {!checked ? (
            <button type="button" className="btn btn--small btn--primary" disabled={!marked.length} onClick={() => setChecked(true)}>
              Verifică
            </button>
          ) : correct === null ? (
            <p className="muted">Răspunsul corect se vede doar cu Premium.</p>
          ) : (
            <p className={right ? 'shared-grid__verdict is-right' : 'shared-grid__verdict is-wrong'} role="status">
              {right ? 'Corect!' : `Greșit. Răspuns corect: ${correct.join(', ')}`}
            </p>
          )}
        </>
      ) : null}
    </div>
  );
}
