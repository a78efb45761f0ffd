import { Link } from '../../router/Link.tsx';
import { useProduct } from '../../shell/useProduct.ts';
import { TRIAL_DAYS } from '../../shared/constants.ts';

export const TERMS_UPDATED = '21 noiembrie 2026';

export default function Terms() {
  const product = useProduct();
  return (
    <div className="static-page container">
      <header className="static-page__header">
        <span className="eyebrow">Legal</span>
        <h1>Termeni și condiții</h1>
        <p>Regulile după care funcționează {product}. Te rugăm să le citești înainte să folosești platforma.</p>
      </header>
      <article className="prose">
        <p className="updated">Ultima actualizare: {TERMS_UPDATED}</p>

        <h2>1. Despre serviciu</h2>
        <p>
          {product} este o platformă online de pregătire pentru admiterea la facultățile de medicină, medicină dentară și
          farmacie: cursuri, grile, teste, simulări, statistici și funcții de comunitate. Folosind platforma accepți acești
          termeni și <Link to="/legal/politica-de-confidentialitate">politica de confidențialitate</Link>.
        </p>

        <h2>2. Contul tău</h2>
        <ul>
          <li>Îți creezi contul cu date reale și îți păstrezi parola secretă. Ești responsabil pentru activitatea din contul tău.</li>
          <li>Un cont este personal și nu poate fi împărțit, vândut sau cedat.</li>
          <li>Dacă ai sub 16 ani, ai nevoie de acordul părintelui sau al tutorelui legal.</li>
          <li>Poți cere oricând ștergerea contului din pagina de <Link to="/contact">contact</Link>.</li>
        </ul>

        <h2>3. Ce poți și ce nu poți face</h2>
        <p>Poți folosi conținutul platformei pentru pregătirea ta personală. Nu ai voie:</p>
        <ul>
          <li>să copiezi, să descarci în masă, să revinzi sau să publici în altă parte grilele, explicațiile sau cursurile;</li>
          <li>să folosești roboți sau scripturi care accesează platforma automat;</li>
          <li>să încerci să ocolești măsurile de securitate sau limitările contului;</li>
          <li>să publici conținut jignitor, discriminatoriu, ilegal sau care încalcă drepturile altcuiva;</li>
          <li>să hărțuiești alți utilizatori prin comentarii sau mesaje.</li>
        </ul>

        <h2>4. Conținutul platformei</h2>
        <p>
          Cursurile, grilele, explicațiile, designul și codul aplicației sunt protejate de legislația privind dreptul de
          autor. Conținutul pe care îl publici tu (comentarii, grile adăugate, raportări) rămâne al tău, dar ne acorzi
          dreptul neexclusiv și gratuit de a-l afișa și de a-l folosi pe platformă.
        </p>

        <h2>5. Premium, perioada de probă și cupoane</h2>
        <ul>
          <li>Premium este un abonament lunar, plătit cu cardul, care deblochează funcții suplimentare.</li>
          <li>Perioada gratuită de probă de {TRIAL_DAYS} zile poate fi folosită o singură dată pe an.</li>
          <li>
            Cupoanele au condițiile afișate la emitere (valabilitate, pachete la care se aplică) și nu pot fi preschimbate în
            bani.
          </li>
          <li>
            Plata online a abonamentelor este în pregătire. Înainte de lansare vom publica aici prețurile, modul de reînnoire
            și de anulare, precum și informațiile despre dreptul de retragere.
          </li>
        </ul>

        <h2>6. Fără garanția admiterii</h2>
        <p>
          Ne străduim ca materialele să fie corecte și la zi, dar nu putem garanta rezultatul la examen. Informațiile despre
          formatul examenului și modul de punctare sunt orientative: sursa oficială este metodologia de admitere a fiecărei
          universități. Dacă observi o greșeală, raporteaz-o și o corectăm.
        </p>

        <h2>7. Disponibilitate</h2>
        <p>
          Platforma poate fi temporar indisponibilă pentru mentenanță sau din motive tehnice. Facem tot posibilul ca
          întreruperile să fie scurte și, pe cât posibil, anunțate.
        </p>

        <h2>8. Suspendarea contului</h2>
        <p>
          Putem suspenda sau închide conturile care încalcă grav sau repetat acești termeni. Când e posibil, te anunțăm
          înainte și îți explicăm motivul.
        </p>

        <h2>9. Răspundere</h2>
        <p>
          În limitele permise de lege, nu răspundem pentru pierderi indirecte rezultate din folosirea platformei. Nimic din
          acești termeni nu îți limitează drepturile pe care le ai ca consumator potrivit legii.
        </p>

        <h2>10. Modificări și legea aplicabilă</h2>
        <p>
          Putem actualiza acești termeni; schimbările importante le anunțăm în aplicație sau pe email înainte să intre în
          vigoare. Termenii sunt guvernați de legea română. Neînțelegerile le rezolvăm mai întâi pe cale amiabilă; dacă nu
          reușim, sunt competente instanțele din România. Ca și consumator, te poți adresa și Autorității Naționale pentru
          Protecția Consumatorilor (ANPC).
        </p>

        <h2>11. Contact</h2>
        <p>
          Pentru orice întrebare despre acești termeni, scrie-ne din pagina de <Link to="/contact">contact</Link>.
        </p>
      </article>
    </div>
  );
}
