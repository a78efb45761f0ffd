// Running, between two grids (or before grid 1): the grid that just closed, whole, for everyone at
// the same moment — a member who did not answer too — and a countdown to the next grid, which the
// server opens at an absolute time (clock.ts). At that time the page asks for it; the new grid's
// timer then counts from its full time, by the same server clock on every screen.
import type { GroupState } from '../../../shared/group-payloads.ts';
import type { ClockSample } from '../../../shared/server-clock.ts';
import { GridReveal } from './GridReveal.tsx';
import { Standings } from './Standings.tsx';
import { useCountdown } from './useCountdown.ts';

type Props = { state: GroupState; clock: ClockSample | null; stamp: number; reload: () => Promise<void> };

/** Asked this long after the opening time, so the server's clock has surely passed it. */
const AFTER_OPENING_MS = 40;

export function Pause({ state, clock, stamp, reload }: Props) {
  const pause = state.pause!;
  const ms = useCountdown(pause.opens_at, clock, () => void reload(), AFTER_OPENING_MS, stamp);
  const seconds = Math.ceil(ms / 1000);
  // One text for the count, never "0 s": at zero the page is already asking for the grid.
  const left = seconds > 0 ? `${seconds} s` : 'acum';
  const closed = pause.closed;
  return (
    <section className="page group-page group-solve" aria-labelledby="group-pause-title" data-testid="group-pause">
      <header className="group-solve__bar">
        <span>
          {closed ? (
            <>
              Grila <strong>{closed.position}</strong> din {state.grid_count} s-a încheiat
            </>
          ) : (
            'Testul a pornit'
          )}
        </span>
        {/* Before grid 1 the card below is the one countdown (two showed "0 s" side by side). */}
        {closed ? (
          <span className="group-timer" role="timer" aria-label="Grila următoare în" data-testid="group-pause-timer">
            {left}
          </span>
        ) : null}
        <span className="muted">
          {closed ? 'Urmează' : 'Apare'} grila {state.position}: {state.seconds_per_grid} s pentru fiecare participant
        </span>
      </header>
      <div className="group-solve__body">
        {closed ? (
          <GridReveal grid={closed} me={state.me.user_id} gridCount={state.grid_count} titleId="group-pause-title" level={1} />
        ) : (
          <article className="card">
            <h1 id="group-pause-title" className="group-grid__statement">
              {seconds > 0 ? `Prima grilă apare în ${left}` : 'Prima grilă apare acum'}
            </h1>
            <p className="muted">Toți participanții o văd în același moment și au fiecare {state.seconds_per_grid} s.</p>
          </article>
        )}
        <aside className="group-side">
          <div className="card">
            <h2 className="group-section-title">Clasament</h2>
            <Standings standings={state.standings} me={state.me.user_id} />
          </div>
        </aside>
      </div>
    </section>
  );
}
