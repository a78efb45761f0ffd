import { Link } from '../../router/Link.tsx';
import { useProduct } from '../../shell/useProduct.ts';
import { PublicThreads } from './community/PublicThreads.tsx';

export default function Community() {
  const product = useProduct();
  return (
    <div className="static-page container">
      <header className="static-page__header">
        <span className="eyebrow">Comunitate</span>
        <h1>Nu înveți singur pentru admitere</h1>
        <p>
          Comunitatea {product} este locul unde candidații își pun întrebări, își explică unii altora grilele grele și
          propun ce să construim mai departe.
        </p>
      </header>
      <ul className="values">
        <li>
          <h3>Întrebări și răspunsuri</h3>
          <p>Te-ai blocat la o grilă? Întreabă și primește explicații de la colegi care au trecut de ea.</p>
        </li>
        <li>
          <h3>Decide viitorul {product}</h3>
          <p>Propune funcții noi și votează ideile celorlalți. Cele mai cerute ajung în aplicație.</p>
        </li>
        <li>
          <h3>Prieteni de învățat</h3>
          <p>Adaugă prieteni, trimite mesaje și provoacă-i la un test de grup.</p>
        </li>
      </ul>
      <PublicThreads />
      <p>
        <Link to="/inregistrare" className="btn btn--primary">
          Creează cont gratuit și intră în discuție
        </Link>
      </p>
    </div>
  );
}
