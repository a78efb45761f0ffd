import { Link } from '../router/Link.tsx';
import { useSnapshot } from 'valtio';
import { app } from '../state/app.ts';
import { LogoMark } from './Logo.tsx';

export function Footer() {
  const { product } = useSnapshot(app);
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <span className="logo">
            <LogoMark />
            <span className="logo__text">{product}</span>
          </span>
          <p>Pregătire pentru admiterea la medicină, cu grile explicate, cursuri și simulări pe centre universitare.</p>
        </div>
        <nav aria-label="Despre" className="site-footer__col">
          <h2>Despre</h2>
          <ul>
            <li><Link to="/despre-noi">Despre noi</Link></li>
            <li><Link to="/faqs">Întrebări frecvente</Link></li>
            <li><Link to="/intra-in-familie">Gratuit și Premium</Link></li>
            <li><Link to="/contact">Contact</Link></li>
          </ul>
        </nav>
        <nav aria-label="Învață" className="site-footer__col">
          <h2>Învață</h2>
          <ul>
            <li><Link to="/cursuri">Cursuri</Link></li>
            <li><Link to="/comunitate">Comunitate</Link></li>
            <li><Link to="/inregistrare">Creează cont</Link></li>
            <li><Link to="/conectare">Conectare</Link></li>
          </ul>
        </nav>
        <nav aria-label="Legal" className="site-footer__col">
          <h2>Legal</h2>
          <ul>
            <li><Link to="/legal/termeni">Termeni și condiții</Link></li>
            <li><Link to="/legal/politica-de-confidentialitate">Politica de confidențialitate</Link></li>
          </ul>
        </nav>
      </div>
      <p className="container site-footer__copy">
        © {year} {product}. Făcut cu grijă pentru viitorii medici.
      </p>
    </footer>
  );
}
