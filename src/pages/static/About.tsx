import { Link } from '../../router/Link.tsx';
import { useProduct } from '../../shell/useProduct.ts';

export default function About() {
  const product = useProduct();
  return (
    <div className="static-page container">
      <header className="static-page__header">
        <span className="eyebrow">Despre noi</span>
        <h1>Te ajutăm să ajungi acolo unde vrei: la medicină</h1>
        <p>
          {product} este o platformă de pregătire pentru admiterea la facultățile de Medicină, Medicină Dentară și Farmacie
          din România.
        </p>
      </header>
      <div className="prose">
        <p>
          Știm cum arată anul de admitere: manuale subliniate cu trei culori, culegeri de grile împrumutate, meditații
          după ore și mereu întrebarea „oare sunt pregătit?”. Am făcut {product} ca să-ți fie mai ușor să răspunzi la ea.
        </p>
        <p>
          În aplicație găsești materia organizată pe capitole, grile cu explicații pentru fiecare variantă de răspuns, teste
          cronometrate și simulări după formatul centrului universitar pentru care te pregătești. Statisticile îți arată
          unde stai bine și unde mai ai de lucru, iar comunitatea te ajută să nu înveți singur.
        </p>

        <h2>Ce ne ghidează</h2>
      </div>
      <ul className="values">
        <li>
          <h3>Corectitudine</h3>
          <p>
            Grilele și explicațiile urmează manualele din bibliografia oficială. Dacă găsești o greșeală, o raportezi
            direct din grilă și o verificăm.
          </p>
        </li>
        <li>
          <h3>Învățare, nu tocire</h3>
          <p>O explicație bună îți rămâne în minte mai mult decât zece grile rezolvate la nimereală.</p>
        </li>
        <li>
          <h3>Acces pentru toți</h3>
          <p>
            Partea gratuită e o pregătire adevărată, nu o demonstrație. Premium adaugă instrumente în plus pentru cine are
            nevoie de ele.
          </p>
        </li>
      </ul>
      <div className="prose">
        <h2>Un cuvânt despre reguli</h2>
        <p>
          Formatul examenului, bibliografia și modul de punctare se stabilesc de fiecare universitate și se pot schimba de la
          un an la altul. Ne străduim să le ținem la zi, dar sursa oficială rămâne metodologia de admitere publicată de
          facultatea ta — verific-o întotdeauna.
        </p>
        <h2>Hai să vorbim</h2>
        <p>
          Ai o idee, o întrebare sau ai găsit ceva ce nu merge? Scrie-ne din pagina de <Link to="/contact">contact</Link> sau
          aruncă o privire peste <Link to="/faqs">întrebările frecvente</Link>. Și dacă vrei să începi chiar acum,{' '}
          <Link to="/inregistrare">fă-ți un cont gratuit</Link>.
        </p>
      </div>
    </div>
  );
}
