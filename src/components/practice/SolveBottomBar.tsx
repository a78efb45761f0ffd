// Phone (≤768 px): a bar fixed at the bottom of the screen with previous / flag / next and the
// answered count, which opens the overview as a sheet. Hidden on wider screens (CSS), where the
// card's own buttons and the side overview are in view.
export type SolveBottomBarProps = {
  answered: number;
  total: number;
  isFirst: boolean;
  isLast: boolean;
  flagged: boolean;
  onPrev: () => void;
  onNext: () => void;
  onFlag: () => void;
  onFinish: () => void;
  onOverview: () => void;
};

export function SolveBottomBar({ answered, total, isFirst, isLast, flagged, onPrev, onNext, onFlag, onFinish, onOverview }: SolveBottomBarProps) {
  return (
    <nav className="solve-bottombar" aria-label="Navigare între grile">
      <button type="button" className="solve-bottombar__btn" onClick={onPrev} disabled={isFirst} aria-label="Grila anterioară">
        <span aria-hidden="true">←</span>
      </button>
      <button
        type="button"
        className={`solve-bottombar__btn${flagged ? ' is-flagged' : ''}`}
        onClick={onFlag}
        aria-pressed={flagged}
        aria-label={flagged ? 'Grilă marcată' : 'Marchează grila'}
      >
        <span aria-hidden="true">{flagged ? '⚑' : '⚐'}</span>
      </button>
      {/* The name begins with what is shown ("1/3 răspunse", "1/3" on a narrow screen), WCAG 2.5.3. */}
      <button type="button" className="solve-bottombar__count" onClick={onOverview} aria-haspopup="dialog" aria-label={`${answered}/${total} răspunse: toate grilele`}>
        {answered}/{total} <span className="solve-bottombar__count-label">răspunse</span> <span aria-hidden="true">▴</span>
      </button>
      {isLast ? (
        <button type="button" className="solve-bottombar__btn solve-bottombar__btn--primary" onClick={onFinish}>
          Termină
        </button>
      ) : (
        <button type="button" className="solve-bottombar__btn solve-bottombar__btn--primary" onClick={onNext}>
          Următoarea <span aria-hidden="true">→</span>
        </button>
      )}
    </nav>
  );
}
