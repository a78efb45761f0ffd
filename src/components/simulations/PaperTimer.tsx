// The session clock of a paper simulation (paper-timer.ts). It starts once, after a confirmation,
// and cannot be paused or stopped, as in the exam room; it keeps counting through reloads (the start
// is kept on this device for this account and simulation). With 10 minutes left and at the end it
// says so, aloud for screen readers too, and tells the candidate to stop writing. Only this device
// knows about it: the text says so and claims nothing more. A sheet sent in the session and graded
// ends it: the clock stands where the sheet was sent, after reloads too (paper-timer.ts).
// `PaperClock` sits at the top of the page (sticky while the time runs, so a phone lying beside the
// sheet shows it without scrolling); `PaperTimerControls` is step 2's start and new-session buttons.
import { useEffect, useState } from 'react';
import type { ScanPayload } from '../../shared/scan-schema.ts';
import { formatClock, spokenClock } from '../../offline/timer.ts';
import { minutesLabel } from './format.ts';
import {
  clearSession,
  endsAt,
  gradedStop,
  loadSession,
  paperTimerKey,
  phaseOf,
  secondsLeft,
  startSession,
  stopSession,
  stoppedAt,
  type PaperPhase,
  type PaperSession,
} from './paper-timer.ts';

export type PaperTimerState = {
  session: PaperSession | null;
  phase: PaperPhase;
  left: number;
  limitS: number;
  start: () => void;
  startAgain: () => void;
};

/**
 * The clock of this account and simulation (null until both are known: then nothing is stored or
 * read), stopped once one of `scans` sent during the session is graded.
 */
export function usePaperTimer(userId: number | null, simulationId: string, limitS: number, scans: readonly ScanPayload[] = []): PaperTimerState {
  const key = userId === null ? null : paperTimerKey(userId, simulationId);
  const [session, setSession] = useState<PaperSession | null>(() => (key ? loadSession(key) : null));
  const [sessionKey, setSessionKey] = useState(key);
  const [now, setNow] = useState(() => Date.now());
  // Another account or paper (or the account just became known): its own stored session.
  if (sessionKey !== key) {
    setSessionKey(key);
    setSession(key ? loadSession(key) : null);
  }
  const phase = phaseOf(session, now);
  const stop = session && !session.stopped_at ? gradedStop(session, scans) : null;
  useEffect(() => {
    if (stop && key && session) setSession(stopSession(key, session, stop));
  }, [stop, key, session]);

  // Started or cleared in another tab of this browser.
  useEffect(() => {
    if (!key) return;
    const onStorage = (e: StorageEvent) => {
      if (e.key === key) setSession(loadSession(key));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [key]);
  useEffect(() => {
    if (phase === 'idle' || phase === 'over' || phase === 'graded') return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [phase]);

  return {
    session,
    phase,
    left: session ? secondsLeft(session, now) : limitS,
    limitS,
    start() {
      if (!key) return;
      const t = Date.now();
      setSession(startSession(key, limitS, t));
      setNow(t);
    },
    startAgain() {
      if (key) clearSession(key);
      setSession(null);
    },
  };
}

export function PaperClock({ timer }: { timer: PaperTimerState }) {
  const { session, phase, left } = timer;
  if (!session) return null;
  if (phase === 'graded')
    return (
      <div className="paper-timer paper-timer--graded">
        <div className="paper-clock" role="timer" aria-label={`Cronometru oprit: foaia a fost corectată; timp rămas la trimitere ${spokenClock(left)}`}>
          <span className="paper-clock__label">Cronometru oprit</span>
          <span className="paper-clock__time" aria-hidden="true">
            {formatClock(left)}
          </span>
          <span className="paper-clock__end">{`oprit la ${stoppedAt(session)}, când ai trimis foaia`}</span>
        </div>
      </div>
    );
  return (
    <div className={`paper-timer paper-timer--${phase}`}>
      <div className="paper-clock" role="timer" aria-label={phase === 'over' ? 'Timpul s-a terminat' : `Timp rămas: ${spokenClock(left)}`}>
        <span className="paper-clock__label">{phase === 'over' ? 'Timpul s-a terminat' : 'Timp rămas'}</span>
        <span className="paper-clock__time" aria-hidden="true">
          {formatClock(left)}
        </span>
        <span className="paper-clock__end">{phase === 'over' ? `s-a terminat la ${endsAt(session)}` : `se termină la ${endsAt(session)}`}</span>
      </div>
      {phase === 'last' ? (
        <p className="notice paper-timer__alert" role="alert">
          Au mai rămas mai puțin de 10 minute. Verifică foaia de răspuns: fiecare variantă aleasă, cu elipsa umplută complet.
        </p>
      ) : null}
      {phase === 'over' ? (
        <p className="notice notice--error paper-timer__alert" role="alert">
          Timpul s-a terminat: oprește-te din scris și lasă pixul jos. Apoi fotografiază foaia de răspuns și trimite-o mai jos.
        </p>
      ) : null}
    </div>
  );
}

export function PaperTimerControls({ timer }: { timer: PaperTimerState }) {
  const [confirming, setConfirming] = useState(false);
  if (timer.phase === 'running' || timer.phase === 'last')
    return (
      <p className="muted paper-timer__note">
        Cronometrul merge, sus pe pagină. Nu se poate opri sau pune pe pauză și merge doar pe acest dispozitiv.
      </p>
    );
  if (timer.phase === 'over' || timer.phase === 'graded')
    return (
      <div className="paper-timer">
        <p className="muted paper-timer__note">
          {timer.phase === 'graded'
            ? 'Foaia trimisă în această sesiune a fost corectată, așa că cronometrul s-a oprit. Poți rezolva din nou simularea altă dată, cu o sesiune nouă.'
            : 'Timpul acestei sesiuni s-a terminat. Poți rezolva din nou simularea altă dată, cu o sesiune nouă.'}
        </p>
        <button type="button" className="btn btn--ghost" onClick={timer.startAgain}>
          Pregătește o sesiune nouă
        </button>
      </div>
    );
  return (
    <div className="paper-timer">
      <p>
        Timp de lucru la această simulare: <strong>{minutesLabel(timer.limitS)}</strong>. Pornește cronometrul când începi să rezolvi: ca la
        examen, nu se poate opri și nici pune pe pauză.
      </p>
      {confirming ? (
        <div className="paper-timer__confirm" role="group" aria-label="Pornești cronometrul?">
          <p>Pornești acum? De aici timpul curge până la capăt.</p>
          <div className="paper-timer__actions">
            <button
              type="button"
              className="btn btn--primary"
              onClick={() => {
                timer.start();
                setConfirming(false);
              }}
            >
              Da, pornește
            </button>
            <button type="button" className="btn btn--ghost" onClick={() => setConfirming(false)}>
              Încă nu
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className="btn btn--primary" onClick={() => setConfirming(true)}>
          Pornește cronometrul
        </button>
      )}
      <p className="muted paper-timer__note">
        Cronometrul merge doar pe acest dispozitiv și continuă și dacă reîncarci pagina. Serverul nu află când ai început: foaia se corectează
        oricând o trimiți.
      </p>
    </div>
  );
}
