// Honest placeholder for dashboard features planned for a next version.
import type { ReactNode } from 'react';
import { Link } from '../router/Link.tsx';
import { Icon, type IconName } from './icons.tsx';

export function FeatureSoon({
  title,
  icon = 'tools',
  intro,
  points = [],
  children,
}: {
  title: string;
  icon?: IconName;
  intro: ReactNode;
  points?: string[];
  children?: ReactNode;
}) {
  return (
    <section className="page page--narrow">
      <header className="page-header">
        <h1>{title}</h1>
      </header>
      <div className="card soon">
        <span className="soon__icon">
          <Icon name={icon} />
        </span>
        <h2>Construim această secțiune</h2>
        <p>{intro}</p>
        {points.length ? (
          <ul className="soon__list">
            {points.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        ) : null}
        <p>Funcția vine într-o versiune următoare. Până atunci, cel mai bun lucru pe care îl poți face e să exersezi.</p>
        {children}
        <div className="soon__actions">
          <Link to="/teste" className="btn btn--primary">
            Mergi la teste
          </Link>
        </div>
      </div>
    </section>
  );
}
