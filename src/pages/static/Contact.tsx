import { Link } from '../../router/Link.tsx';
import { ContactForm } from '../../shell/form/ContactForm.tsx';
import '../../styles/forms.css';

export default function Contact() {
  return (
    <section className="form-page" aria-labelledby="contact-title">
      <div className="form-card">
        <h1 id="contact-title" className="form-page__title">
          Contact
        </h1>
        <p className="form-page__lead">
          Ai o întrebare, o sugestie sau ai găsit o greșeală? Scrie-ne și îți răspundem pe email cât de repede putem. Poate găsești
          răspunsul și în <Link to="/faqs">întrebările frecvente</Link>.
        </p>
        <ContactForm />
      </div>
    </section>
  );
}
