// A closed grid shown whole: statement, every option with the key marked, what I chose, and who
// answered what (issue 22 §2: the key alone, as letters, told little). Used in the pause between
// grids and on the results.
import type { GroupReveal } from '../../../shared/group-payloads.ts';

const OUTCOME = { right: 'corect', partial: 'parțial', wrong: 'greșit', blank: 'fără răspuns' } as const;

type Props = { grid: GroupReveal; me: number; gridCount: number; titleId?: string; level?: 1 | 2 };

export function GridReveal({ grid, me, gridCount, titleId, level = 2 }: Props) {
  const mine = grid.answers.find((a) => a.user_id === me)?.marked ?? null;
  const Title = level === 1 ? 'h1' : 'h2';
  return (
    <article className="card group-reveal" data-testid="group-reveal">
      <p className="muted group-reveal__where">
        Grila {grid.position} din {gridCount} · răspuns corect: <strong data-testid="group-key">{grid.correct.join(', ')}</strong>
      </p>
      <Title id={titleId} className="group-grid__statement">
        {grid.statement}
      </Title>
      <ul className="group-reveal__options" aria-label="Variantele și cheia">
        {Object.entries(grid.options).map(([letter, text]) => {
          const right = grid.correct.includes(letter);
          const chosen = mine?.includes(letter) ?? false;
          return (
            <li key={letter} className={`group-reveal__option${right ? ' is-correct' : ''}${chosen ? ' is-mine' : ''}`}>
              <span className="group-option__letter">{letter}</span>
              <span className="group-reveal__text">{text}</span>
              {right || chosen ? (
                <span className="group-reveal__tags">
                  {right ? <span className="group-reveal__tag is-correct">corect</span> : null}
                  {chosen ? <span className="group-reveal__tag">ales de tine</span> : null}
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
      {grid.explanation ? (
        <div className="group-reveal__explanation" data-testid="group-explanation">
          <h3 className="group-section-title">Explicație</h3>
          <p>{grid.explanation}</p>
        </div>
      ) : null}
      <h3 className="group-section-title">Cine ce a răspuns</h3>
      <ul className="group-reveal__answers" data-testid="group-answers">
        {grid.answers.map((a) => (
          <li key={a.user_id} className={a.user_id === me ? 'is-me' : undefined}>
            <span className="group-reveal__name">
              {a.name}
              {a.user_id === me ? ' (tu)' : ''}
            </span>
            <span className="group-reveal__marked">{a.marked?.length ? a.marked.join(', ') : '—'}</span>
            <span className={`outcome-badge outcome-badge--${a.outcome}`}>{OUTCOME[a.outcome]}</span>
          </li>
        ))}
      </ul>
    </article>
  );
}
