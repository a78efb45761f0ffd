import type { ReactNode } from 'react';
import { Link } from '../../router/Link.tsx';
import { useProduct } from '../../shell/useProduct.ts';

type Faq = { q: string; a: ReactNode };

function admission(): Faq[] {
  return [
    {
      q: 'Ce materii se dau la admiterea la medicină?',
      a: (
        <p>
          Aproape peste tot se dă biologie — de regulă anatomia și fiziologia omului din manualul de clasa a XI-a — împreună
          cu chimie organică sau, la unele centre, fizică. Există și centre unde alegi o singură materie. Combinația exactă
          diferă de la o universitate la alta și de la un an la altul, așa că verifică metodologia facultății tale.
        </p>
      ),
    },
    {
      q: 'Ce înseamnă complement simplu și complement multiplu?',
      a: (
        <p>
          La <strong>complement simplu</strong> (CS) o singură variantă dintre A–E este corectă. La{' '}
          <strong>complement multiplu</strong> (CM) pot fi corecte mai multe variante, de obicei între una și patru. În
          culegeri mai întâlnești și <strong>complementul grupat</strong>, unde combinații de afirmații numerotate corespund
          literelor A–E.
        </p>
      ),
    },
    {
      q: 'Cum se punctează grilele cu mai multe răspunsuri corecte?',
      a: (
        <p>
          Depinde de centru. Unele universități dau punctaj doar dacă ai bifat exact variantele corecte, altele acordă
          punctaj parțial pentru o parte din variantele corecte și anulează grila dacă ai bifat o variantă greșită. În
          simulări folosim regulile centrului ales, inclusiv punctajele parțiale acolo unde se aplică.
        </p>
      ),
    },
    {
      q: 'Contează media de la bacalaureat?',
      a: (
        <p>
          La multe centre nota finală vine integral din testul grilă, dar există și universități care includ o parte din
          media de bacalaureat sau o folosesc la departajare. Regula exactă e scrisă în metodologia de admitere a fiecărei
          facultăți.
        </p>
      ),
    },
    {
      q: 'Când ar trebui să încep pregătirea?',
      a: (
        <p>
          Cu cât mai devreme, cu atât mai liniștit. Mulți candidați încep în clasa a XI-a sau la începutul clasei a XII-a.
          Mai important decât momentul este ritmul: puțin în fiecare zi bate maratoanele din ultima lună. Statisticile din
          aplicație te ajută să vezi dacă ții pasul.
        </p>
      ),
    },
    {
      q: 'Ce sunt simulările și de ce sunt utile?',
      a: (
        <p>
          O simulare este un examen de probă cu același număr de întrebări și același timp ca examenul real. Îți arată cum
          îți gestionezi timpul, unde te pierzi și cum reacționezi sub presiune — lucruri pe care nu le vezi rezolvând grile
          una câte una.
        </p>
      ),
    },
  ];
}

function appFaqs(product: string): Faq[] {
  return [
    {
      q: `Este ${product} gratuit?`,
      a: (
        <p>
          Da. Contul gratuit îți dă acces la cursuri, grile explicate și teste. Premium adaugă funcții în plus — vezi
          diferențele pe pagina <Link to="/intra-in-familie">Intră în familie</Link>.
        </p>
      ),
    },
    {
      q: 'Pot folosi aplicația fără internet?',
      a: (
        <p>
          Da. Instalează aplicația pe telefon sau calculator și descarcă manualele de care ai nevoie. Poți citi capitolele
          și rezolva grile offline; răspunsurile se sincronizează automat când te reconectezi.
        </p>
      ),
    },
    {
      q: 'Cum instalez aplicația pe telefon?',
      a: (
        <>
          <p>
            Pe Android, deschide site-ul în Chrome și apasă pe „Instalează” când îți apare propunerea, sau din meniul
            browserului alege „Adaugă pe ecranul de pornire”.
          </p>
          <p>Pe iPhone, deschide site-ul în Safari, apasă butonul de partajare și alege „Adaugă pe ecranul principal”.</p>
        </>
      ),
    },
    {
      q: 'Am găsit o greșeală într-o grilă. Ce fac?',
      a: (
        <p>
          Folosește butonul de raportare de la grila respectivă și spune-ne pe scurt ce nu e în regulă. Verificăm fiecare
          raportare și corectăm grila dacă e cazul. Mulțumim — ajuți toți colegii care învață din ea!
        </p>
      ),
    },
    {
      q: 'Pot învăța împreună cu prietenii?',
      a: (
        <p>
          Da. Îți poți adăuga prieteni, vă puteți scrie mesaje și puteți rezolva teste de grup, în care vedeți la final
          clasamentul. Unele dintre aceste funcții sociale sunt încă în lucru și apar în versiunile următoare.
        </p>
      ),
    },
    {
      q: 'Ce se întâmplă cu datele mele?',
      a: (
        <p>
          Folosim datele doar ca să-ți oferim serviciul: contul, progresul și statisticile tale. Nu le vindem nimănui.
          Detaliile sunt în <Link to="/legal/politica-de-confidentialitate">politica de confidențialitate</Link>, iar
          oricând ne poți cere o copie a datelor sau ștergerea contului.
        </p>
      ),
    },
    {
      q: 'Cum vă pot contacta?',
      a: (
        <p>
          Scrie-ne din pagina de <Link to="/contact">contact</Link>. Citim fiecare mesaj și îți răspundem pe email cât de repede putem.
        </p>
      ),
    },
  ];
}

function Group({ id, title, items }: { id: string; title: string; items: Faq[] }) {
  return (
    <section className="faq-group" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <div className="faq-list">
        {items.map((f) => (
          <details key={f.q} className="faq">
            <summary>{f.q}</summary>
            <div className="faq__answer">{f.a}</div>
          </details>
        ))}
      </div>
    </section>
  );
}

export default function Faqs() {
  const product = useProduct();
  return (
    <div className="static-page container">
      <header className="static-page__header">
        <span className="eyebrow">Întrebări frecvente</span>
        <h1>Răspunsuri la ce te întreabă toată lumea</h1>
        <p>Despre admiterea la medicină și despre cum te ajută {product}. Nu găsești ce cauți? Scrie-ne.</p>
      </header>
      <Group id="faq-admitere" title="Despre admitere" items={admission()} />
      <Group id="faq-aplicatie" title={`Despre ${product}`} items={appFaqs(product)} />
    </div>
  );
}
