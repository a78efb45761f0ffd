import { Link } from '../../router/Link.tsx';
import { useProduct } from '../../shell/useProduct.ts';

export const PRIVACY_UPDATED = '21 noiembrie 2026';

export default function Privacy() {
  const product = useProduct();
  return (
    <div className="static-page container">
      <header className="static-page__header">
        <span className="eyebrow">Legal</span>
        <h1>Politica de confidențialitate</h1>
        <p>Ce date folosim, de ce, cât timp le păstrăm și ce drepturi ai — spus cât se poate de simplu.</p>
      </header>
      <article className="prose">
        <p className="updated">Ultima actualizare: {PRIVACY_UPDATED}</p>
        <p>
          Această politică explică modul în care operatorul platformei {product} („noi”) prelucrează datele cu caracter
          personal ale utilizatorilor, în conformitate cu Regulamentul (UE) 2016/679 („GDPR”) și cu legislația română
          aplicabilă, inclusiv Legea nr. 190/2018.
        </p>

        <h2>1. Ce date prelucrăm</h2>
        <ul>
          <li>
            <strong>Datele contului:</strong> numele, adresa de email, parola (stocată doar sub formă criptată ireversibil),
            poza de profil dacă alegi să încarci una, tema preferată.
          </li>
          <li>
            <strong>Datele profilului de pregătire:</strong> manualul, specializarea și centrul universitar pe care le alegi.
          </li>
          <li>
            <strong>Activitatea de învățare:</strong> răspunsurile la grile, testele, rezultatele, favoritele, statisticile,
            grilele pe care le adaugi și raportările pe care le trimiți.
          </li>
          <li>
            <strong>Comunicări:</strong> comentariile din comunitate, mesajele către prieteni și mesajele trimise prin
            formularul de contact.
          </li>
          <li>
            <strong>Date de plată și facturare</strong> (când plățile vor fi disponibile): datele de facturare pe care le
            introduci. Datele complete ale cardului sunt prelucrate de procesatorul de plăți, nu de noi.
          </li>
          <li>
            <strong>Date tehnice:</strong> adresa IP, tipul de browser și dispozitiv, jurnalele serverului și rapoartele de
            erori ale aplicației (mesajul erorii, pagina pe care a apărut și identificatorul contului tău).
          </li>
        </ul>

        <h2>2. De ce le prelucrăm și pe ce temei</h2>
        <table>
          <thead>
            <tr>
              <th scope="col">Scop</th>
              <th scope="col">Temei legal (art. 6 GDPR)</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>Crearea și administrarea contului, furnizarea cursurilor, testelor și statisticilor</td>
              <td>Executarea contractului — lit. (b)</td>
            </tr>
            <tr>
              <td>Securitatea platformei, prevenirea abuzurilor, repararea erorilor</td>
              <td>Interesul nostru legitim — lit. (f)</td>
            </tr>
            <tr>
              <td>Statistici anonime de utilizare (cookie-uri de statistică)</td>
              <td>Consimțământul tău — lit. (a), pe care îl poți retrage oricând</td>
            </tr>
            <tr>
              <td>Emiterea și păstrarea facturilor</td>
              <td>Obligație legală — lit. (c)</td>
            </tr>
            <tr>
              <td>Răspunsuri la mesajele trimise prin formularul de contact</td>
              <td>Interesul legitim de a-ți răspunde — lit. (f)</td>
            </tr>
          </tbody>
        </table>

        <h2>3. Cookie-uri și stocare locală</h2>
        <p>
          Aplicația folosește stocarea locală a browserului pentru lucruri esențiale: sesiunea de autentificare, tema
          aleasă, preferințele de cookie-uri, faptul că ai închis anumite anunțuri și conținutul descărcat pentru offline.
          Acestea sunt necesare ca aplicația să funcționeze și nu necesită consimțământ.
        </p>
        <p>
          Cookie-urile de statistică sunt folosite doar dacă alegi „Accept toate” în bannerul de cookie-uri. Dacă alegi
          „Doar esențiale”, nu încărcăm niciun instrument de statistică. Îți poți schimba alegerea ștergând datele site-ului
          din browser; bannerul va apărea din nou.
        </p>
        <p>
          Pentru protecția formularelor putem folosi Google reCAPTCHA, iar pentru autentificarea cu Google folosim serviciul
          de conectare Google; aceste servicii prelucrează date conform propriilor politici.
        </p>

        <h2>4. Cui transmitem datele</h2>
        <p>
          Nu vindem datele tale. Le transmitem doar furnizorilor care ne ajută să funcționăm — găzduire, trimiterea
          emailurilor, procesarea plăților, protecția împotriva abuzurilor — pe bază de contract și numai în măsura
          necesară, sau autorităților, când legea ne obligă. Dacă un furnizor prelucrează date în afara Spațiului Economic
          European, ne asigurăm că există garanții adecvate (de exemplu, clauze contractuale standard).
        </p>
        <p>
          Ce publici în comunitate (comentarii, numele și poza de profil) este vizibil celorlalți utilizatori. Mesajele
          directe sunt vizibile doar ție și destinatarului.
        </p>

        <h2>5. Cât timp păstrăm datele</h2>
        <ul>
          <li>Datele contului și activitatea de învățare: cât timp ai cont; le ștergem în cel mult 30 de zile de la ștergerea contului.</li>
          <li>Rapoartele de erori și jurnalele tehnice: cel mult 90 de zile.</li>
          <li>Facturile: pe durata impusă de legislația fiscală și contabilă.</li>
          <li>Mesajele trimise prin formularul de contact: cel mult 2 ani.</li>
        </ul>

        <h2>6. Drepturile tale</h2>
        <p>Conform GDPR, ai dreptul:</p>
        <ul>
          <li>să afli ce date avem despre tine și să primești o copie a lor (dreptul de acces);</li>
          <li>să ceri corectarea datelor greșite (rectificare);</li>
          <li>să ceri ștergerea datelor („dreptul de a fi uitat”);</li>
          <li>să ceri restricționarea prelucrării;</li>
          <li>să primești datele într-un format structurat, ca să le muți în altă parte (portabilitate);</li>
          <li>să te opui prelucrării bazate pe interesul legitim;</li>
          <li>să îți retragi oricând consimțământul, fără să afecteze prelucrarea făcută înainte;</li>
          <li>
            să depui o plângere la Autoritatea Națională de Supraveghere a Prelucrării Datelor cu Caracter Personal
            (ANSPDCP), www.dataprotection.ro.
          </li>
        </ul>
        <p>
          Pentru oricare dintre aceste cereri, scrie-ne din pagina de <Link to="/contact">contact</Link>. Îți răspundem în
          cel mult o lună.
        </p>

        <h2>7. Minori</h2>
        <p>
          Platforma se adresează în principal elevilor de liceu și absolvenților. Dacă ai sub 16 ani, îți poți crea cont
          doar cu acordul părintelui sau al tutorelui legal.
        </p>

        <h2>8. Securitate</h2>
        <p>
          Folosim conexiuni criptate (HTTPS), parole stocate criptat ireversibil, acces restricționat la date și copii de
          siguranță. Niciun sistem nu e perfect, dar dacă vreodată datele tale ar fi afectate de un incident de securitate,
          te vom anunța conform legii.
        </p>

        <h2>9. Modificări</h2>
        <p>
          Dacă schimbăm această politică, actualizăm data de mai sus, iar pentru schimbările importante te anunțăm în
          aplicație sau pe email.
        </p>
      </article>
    </div>
  );
}
