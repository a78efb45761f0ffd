import { Link } from '../../router/Link.tsx';
import { ContactForm } from '../../shell/form/ContactForm.tsx';
import '../../styles/forms.css';

const FAQ_LINKS: Array<{ label: string; to: string }> = [
  { label: 'Ce sunt simulările și de ce sunt utile?', to: '/faqs#faq-admitere' },
  { label: 'Cum se punctează grilele cu mai multe răspunsuri corecte?', to: '/faqs#faq-admitere' },
  { label: 'Pot folosi aplicația fără internet?', to: '/faqs#faq-aplicatie' },
  { label: 'Cum instalez aplicația pe telefon?', to: '/faqs#faq-aplicatie' },
  { label: 'Am găsit o greșeală într-o grilă. Ce fac?', to: '/faqs#faq-aplicatie' },
];

export default function Help() {
  return (
    <section className="form-page form-page--wide" aria-labelledby="help-title">
      <h1 id="help-title" className="form-page__title">
        Ajutor
      </h1>
      <section className="form-section" aria-labelledby="help-faq-title">
        <h2 id="help-faq-title" className="form-section__title">
          Întrebări frecvente
        </h2>
        <ul className="form-link-list">
          {FAQ_LINKS.map((l) => (
            <li key={l.label}>
              <Link to={l.to}>{l.label}</Link>
            </li>
          ))}
        </ul>
        <p>
          <Link to="/faqs">Vezi toate întrebările frecvente</Link>
        </p>
      </section>
      <section className="form-section" aria-labelledby="help-contact-title">
        <h2 id="help-contact-title" className="form-section__title">
          Scrie-ne
        </h2>
        <p className="form-page__lead">Nu ai găsit răspunsul? Trimite-ne un mesaj și îți răspundem pe email.</p>
        <ContactForm />
      </section>
    </section>
  );
}
