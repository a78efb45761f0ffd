// Step 2 of the paper simulation: the session clock with the centre's time (paper-timer.ts). It
// starts once, after a confirmation, and cannot be paused or stopped, as in the exam room; it keeps
// counting through reloads (the start is kept on this device for this account and simulation). With
// 10 minutes left and at the end it says so, aloud for screen readers too, and tells the candidate
// to stop writing. Only this device knows about it: the text says so and claims nothing more.
import { useEffect, useState } from 'react';
import { formatClock, spokenClock } from '../../offline/timer.ts';
import { minutesLabel } from './format.ts';
import { clearSession, endsAt, loadSession, paperTimerKey, phaseOf, secondsLeft, startSession, type PaperSession } from './paper-timer.ts';

/** Keyed by account and simulation in the page (`key`), so another one mounts with its own session. */
export function PaperTimer({ userId, simulationId, limitS }: { userId: number; simulationId: string; limitS: number }) {
  const key = paperTimerKey(userId, simulationId);
  const [session, setSession] = useState<PaperSession | null>(() => loadSession(key));
  const [now, setNow] = useState(() => Date.now());
  const [confirming, setConfirming] = useState(false);
  const phase = phaseOf(session, now);

  // Started or cleared in another tab of this browser.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === key) setSession(loadSession(key));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [key]);
  useEffect(() => {
    if (phase === 'idle' || phase === 'over') return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [phase]);

  function start() {
    const t = Date.now();
    setSession(startSession(key, limitS, t));
    setNow(t);
    setConfirming(false);
  }

  function startAgain() {
    clearSession(key);
    setSession(null);
  }

  if (!session) {
    return (
      <div className="paper-timer">
        <p>
          Timp de lucru la această simulare: <strong>{minutesLabel(limitS)}</strong>. Pornește cronometrul când începi să rezolvi: ca la examen,
          nu se poate opri și nici pune pe pauză.
        </p>
        {confirming ? (
          <div className="paper-timer__confirm" role="group" aria-label="Pornești cronometrul?">
            <p>Pornești acum? De aici timpul curge până la capăt.</p>
            <div className="paper-timer__actions">
              <button type="button" className="btn btn--primary" onClick={start}>
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

  const left = secondsLeft(session, now);
  return (
    <div className={`paper-timer paper-timer--${phase}`}>
      <div className="paper-clock" role="timer" aria-label={phase === 'over' ? 'Timpul s-a terminat' : `Timp rămas: ${spokenClock(left)}`}>
        <span className="paper-clock__label">{phase === 'over' ? 'Timpul s-a terminat' : 'Timp rămas'}</span>
        <span className="paper-clock__time" aria-hidden="true">
          {formatClock(left)}
        </span>
        <span className="paper-clock__end">
          {phase === 'over' ? `s-a terminat la ${endsAt(session)}` : `se termină la ${endsAt(session)}`}
        </span>
      </div>
      {phase === 'last' ? (
        <p className="notice paper-timer__alert" role="alert">
          Au mai rămas mai puțin de 10 minute. Verifică foaia de răspuns: fiecare variantă aleasă, cu elipsa umplută complet.
        </p>
      ) : null}
      {phase === 'over' ? (
        <>
          <p className="notice notice--error paper-timer__alert" role="alert">
            Timpul s-a terminat: oprește-te din scris și lasă pixul jos. Apoi fotografiază foaia de răspuns și trimite-o mai jos.
          </p>
          <button type="button" className="btn btn--ghost" onClick={startAgain}>
            Pregătește o sesiune nouă
          </button>
        </>
      ) : (
        <p className="muted paper-timer__note">Nu se poate opri sau pune pe pauză. Merge doar pe acest dispozitiv.</p>
      )}
    </div>
  );
}
