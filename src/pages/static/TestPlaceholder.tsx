import { Link } from '../../router/Link.tsx';

/** /test exists in the route table but has no working screen (SPEC §2). */
export default function TestPlaceholder() {
  return (
    <section className="not-found container" aria-labelledby="test-title">
      <h1 id="test-title">Aici nu e nimic de văzut</h1>
      <p>Această adresă este rezervată și nu are încă un conținut. Testele tale sunt în secțiunea Teste.</p>
      <div className="not-found__actions">
        <Link to="/teste" className="btn btn--primary">
          Mergi la teste
        </Link>
        <Link to="/" className="btn btn--ghost">
          Prima pagină
        </Link>
      </div>
    </section>
  );
}
