import { Link } from '../../router/Link.tsx';
import '../../styles/forms.css';

const ITEMS: Array<{ to: string; title: string; text: string }> = [
  { to: '/setari/preferinte', title: 'Preferințe', text: 'Tema luminoasă sau întunecată și efectele sonore.' },
  { to: '/setari/carduri', title: 'Carduri', text: 'Cardurile salvate pentru plata abonamentului.' },
  { to: '/setari/cupoane', title: 'Cupoane', text: 'Cupoanele tale de reducere și cele revendicate.' },
  { to: '/setari/date-facturare', title: 'Date de facturare', text: 'Numele, adresa și CIF-ul de pe facturi.' },
  { to: '/setari/istoric-facturi', title: 'Istoric facturi', text: 'Facturile abonamentelor plătite.' },
  { to: '/setari/referrali', title: 'Recomandări', text: 'Invită-ți prietenii și primește recompense.' },
];

export default function Settings() {
  return (
    <section className="form-page form-page--wide" aria-labelledby="settings-title">
      <header className="form-page__header">
        <h1 id="settings-title" className="form-page__title">
          Setări
        </h1>
        <nav aria-label="Cont" className="form-links">
          <Link to="/cont">Înapoi la cont</Link>
        </nav>
      </header>
      <ul className="form-hub">
        {ITEMS.map((item) => (
          <li key={item.to}>
            <Link to={item.to} className="form-hub__item">
              <span className="form-hub__title">{item.title}</span>
              <span className="form-hub__text">{item.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
