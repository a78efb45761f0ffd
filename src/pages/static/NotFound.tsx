import { useLocation } from 'react-router';
import { Link } from '../../router/Link.tsx';

export default function NotFound() {
  const { pathname } = useLocation();
  return (
    <section className="not-found container" aria-labelledby="nf-title">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 id="nf-title">Pagina nu a fost găsită</h1>
      <p>
        Adresa <code>{pathname}</code> nu există sau a fost mutată. Poate a fost o greșeală de tastare — se întâmplă și la
        grile.
      </p>
      <div className="not-found__actions">
        <Link to="/" className="btn btn--primary">
          Înapoi la prima pagină
        </Link>
        <Link to="/faqs" className="btn btn--ghost">
          Întrebări frecvente
        </Link>
      </div>
    </section>
  );
}
