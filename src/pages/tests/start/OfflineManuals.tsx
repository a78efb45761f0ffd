// The builder's list of the manuals this device can make a test from without the network.
import { Link } from '../../../router/Link.tsx';

export function OfflineManuals({ titles }: { titles: string[] }) {
  return (
    <div className="card offline-manuals">
      <h2 className="offline-manuals__title">Disponibile offline</h2>
      {titles.length ? (
        <ul>
          {titles.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
      ) : (
        <p className="muted">
          Niciun manual descărcat. Descarcă un manual din <Link to="/ai/cursuri">Cursuri</Link> ca să poți face teste fără internet.
        </p>
      )}
    </div>
  );
}
