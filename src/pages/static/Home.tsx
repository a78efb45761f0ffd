import { Link } from '../../router/Link.tsx';
import { useProduct } from '../../shell/useProduct.ts';
import { SvgIcon } from '../../shell/public-icons.tsx';
import { LANDING_PATHS, type LandingIconName } from '../../shell/landing-icons.ts';

const FEATURES: { icon: LandingIconName; title: string; text: string }[] = [
  {
    icon: 'book',
    title: 'Cursuri pe capitole',
    text: 'Materia din manualele de biologie și chimie, împărțită pe capitole scurte, ușor de parcurs între două ore de școală.',
  },
  {
    icon: 'lightbulb',
    title: 'Grile explicate',
    text: 'La fiecare grilă vezi de ce o variantă e corectă și de ce celelalte nu sunt. Înveți din greșeli, nu doar le numeri.',
  },
  {
    icon: 'clock',
    title: 'Teste cronometrate',
    text: 'Îți construiești teste pe capitolele alese și exersezi sub presiunea timpului, exact ca în ziua examenului.',
  },
  {
    icon: 'map',
    title: 'Simulări pe centre',
    text: 'Fiecare centru universitar are formatul și punctajul lui. Exersezi pe regulile facultății la care vrei să intri.',
  },
  {
    icon: 'phone',
    title: 'Offline pe telefon',
    text: 'Instalezi aplicația pe telefon, descarci capitolele și rezolvi grile și în autobuz sau fără semnal. Sincronizăm când revii online.',
  },
  {
    icon: 'chart',
    title: 'Statistici care contează',
    text: 'Vezi pe ce capitole stai bine și unde mai ai de lucru, ca să-ți împarți timpul acolo unde aduce puncte.',
  },
];

const STEPS = [
  { title: 'Îți faci cont gratuit', text: 'Alegi manualul, specializarea și centrul universitar pentru care te pregătești.' },
  { title: 'Înveți și exersezi', text: 'Citești capitolul, apoi rezolvi grile pe el. Explicațiile îți arată imediat ce ai ratat.' },
  { title: 'Te testezi ca la examen', text: 'Teste cronometrate și simulări pe formatul centrului tău, cu statistici după fiecare.' },
];

const CENTERS = ['București', 'Cluj-Napoca', 'Iași', 'Timișoara', 'Târgu Mureș', 'Craiova', 'Constanța', 'Sibiu', 'Oradea', 'Galați'];

const DEMO_OPTIONS = ['Hipofiza', 'Pancreasul', 'Tiroida', 'Glanda suprarenală', 'Epifiza'];
const DEMO_RIGHT = 'Pancreasul';

export default function Home() {
  const product = useProduct();
  return (
    <div className="home">
      <section className="hero">
        <div className="container hero__grid">
          <div className="hero__copy">
            <span className="eyebrow">Admitere la Medicină și Farmacie</span>
            <h1>
              Pregătește-te pentru admiterea la medicină, <span className="hero__accent">grilă cu grilă</span>.
            </h1>
            <p className="hero__lead">
              {product} adună la un loc cursurile, grilele explicate, testele cronometrate și simulările pe centre
              universitare — ca să știi mereu ce ai de învățat azi și cât de aproape ești de locul tău la facultate.
            </p>
            <div className="hero__actions">
              <Link to="/inregistrare" className="btn btn--primary btn--large">
                Începe gratuit
                <SvgIcon d={LANDING_PATHS.arrow} />
              </Link>
              <Link to="/#functionalitati" className="btn btn--ghost btn--large">
                Vezi ce primești
              </Link>
            </div>
            <p className="hero__note muted">Fără card la înscriere. Funcționează pe telefon, tabletă și calculator.</p>
          </div>
          {/* A grid to try (issue 32 §5): plain radio buttons, checked by CSS alone (:has), so it answers
              on a visitor's page before any script; the verdict takes the hint's place, nothing moves. */}
          <div className="hero__visual">
            <fieldset className="demo-grid" aria-label="Încearcă o grilă">
              <div className="demo-grid__meta">
                <span className="chip">Biologie · Glande endocrine</span>
                <span className="chip chip--soft">Complement simplu</span>
              </div>
              <p className="demo-grid__q" id="demo-grid-q">
                Care dintre următoarele glande are atât funcție endocrină, cât și exocrină?
              </p>
              <ol className="demo-grid__options" type="A" aria-labelledby="demo-grid-q">
                {DEMO_OPTIONS.map((text) => (
                  <li key={text} className={text === DEMO_RIGHT ? 'is-correct' : undefined}>
                    <label>
                      <input type="radio" name="demo-grid" value={text} /> {text}
                    </label>
                  </li>
                ))}
              </ol>
              <div className="demo-grid__explain" aria-live="polite">
                <span className="demo-grid__hint">Alege un răspuns: afli pe loc dacă e corect și de ce.</span>
                <span className="demo-grid__right">
                  <SvgIcon d={LANDING_PATHS.check} /> Corect! Pancreasul secretă insulină și glucagon în sânge (endocrin) și suc
                  pancreatic în duoden (exocrin).
                </span>
                <span className="demo-grid__wrong">
                  Nu chiar: răspunsul corect este B, pancreasul. Secretă insulină și glucagon în sânge (endocrin) și suc pancreatic în
                  duoden (exocrin).
                </span>
              </div>
            </fieldset>
          </div>
        </div>
      </section>

      <section className="section" id="functionalitati" aria-labelledby="features-title">
        <div className="container">
          <header className="section__header">
            <h2 id="features-title">Tot ce-ți trebuie pentru admitere, într-o singură aplicație</h2>
            <p>De la prima lecție până la ultima simulare, fără să sari între caiete, culegeri și zece aplicații diferite.</p>
          </header>
          <ul className="feature-grid">
            {FEATURES.map((f) => (
              <li key={f.title} className="feature">
                <span className="feature__icon">
                  <SvgIcon d={LANDING_PATHS[f.icon]} />
                </span>
                <h3>{f.title}</h3>
                <p>{f.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section--tinted" id="cum-functioneaza" aria-labelledby="steps-title">
        <div className="container">
          <header className="section__header">
            <h2 id="steps-title">Cum funcționează</h2>
          </header>
          <ol className="steps">
            {STEPS.map((s, i) => (
              <li key={s.title} className="step">
                <span className="step__n">{i + 1}</span>
                <h3>{s.title}</h3>
                <p>{s.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="section" id="centre" aria-labelledby="centers-title">
        <div className="container">
          <header className="section__header">
            <h2 id="centers-title">Pentru centrul tău universitar</h2>
            <p>
              Fiecare facultate are propriul format de examen: numărul de întrebări, materiile, felul în care se punctează
              răspunsurile multiple. Alegi centrul tău și exersezi pe regulile lui.
            </p>
          </header>
          <ul className="center-list">
            {CENTERS.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section">
        <div className="container">
          <div className="cta">
            <div>
              <h2>Locul tău la medicină începe cu prima grilă</h2>
              <p>Fă-ți cont gratuit în mai puțin de un minut și rezolvă primele grile chiar azi.</p>
            </div>
            <div className="cta__actions">
              <Link to="/inregistrare" className="btn btn--gold btn--large">
                Creează cont gratuit
              </Link>
              <Link to="/intra-in-familie" className="btn btn--ghost btn--large cta__secondary">
                Gratuit vs. Premium
              </Link>
            </div>
          </div>
        </div>
      </section>
    </div>
  );
}
