import { useEffect, useState } from 'react';
import { Link } from '../../router/Link.tsx';
import { useSnapshot } from 'valtio';
import { app } from '../../state/app.ts';
import { useProduct } from '../../shell/useProduct.ts';
import { Icon } from '../../shell/icons.tsx';
import { getPackages, type PremiumPackage } from '../../api/payments.ts';
import { PackageList } from '../dash/premium/PackageList.tsx';

const FREE = [
  'Cursuri pe capitole din manualele de biologie și chimie',
  'Grile cu explicații pentru fiecare variantă',
  'Teste pe capitolele alese, cu cronometru',
  'Statisticile progresului tău',
  'Aplicația instalată pe telefon, cu manuale descărcate pentru offline',
  'Comunitatea și întrebările colegilor',
];

const PREMIUM = [
  'Tot ce e în contul gratuit',
  'Grilele marcate Premium din toată colecția',
  'Simulări pe formatul centrului tău universitar',
  'Teste de grup cu prietenii, cu clasament la final',
  'Statistici detaliate pe capitole',
  'Sprijini dezvoltarea platformei pentru următoarele generații',
];

export default function Join() {
  const product = useProduct();
  const { user } = useSnapshot(app);
  // Prices are read after hydration (the rendered page carries no API data): packages are data.
  const [packages, setPackages] = useState<PremiumPackage[] | null>(null);
  useEffect(() => {
    getPackages().then((r) => setPackages(r.packages), () => setPackages([]));
  }, []);
  return (
    <div className="static-page container">
      <header className="static-page__header">
        <span className="eyebrow">Intră în familie</span>
        <h1>Începe gratuit. Treci la Premium când simți nevoia.</h1>
        <p>
          Familia {product} înseamnă candidați care învață împreună pentru același vis. Contul gratuit îți ajunge ca să te
          pregătești serios; Premium îți dă instrumente în plus pentru ultima linie dreaptă.
        </p>
      </header>

      <div className="plans">
        <section className="plan" aria-labelledby="plan-free">
          <h2 id="plan-free">Gratuit</h2>
          <p className="muted">Pentru oricine vrea să înceapă pregătirea azi.</p>
          <ul>
            {FREE.map((f) => (
              <li key={f}>
                <Icon name="check" />
                <span>{f}</span>
              </li>
            ))}
          </ul>
          {user ? (
            <Link to="/teste" className="btn btn--ghost">
              Mergi la teste
            </Link>
          ) : (
            <Link to="/inregistrare" className="btn btn--primary">
              Creează cont gratuit
            </Link>
          )}
        </section>

        <section className="plan plan--premium" aria-labelledby="plan-premium">
          <span className="plan__tag">Recomandat în anul admiterii</span>
          <h2 id="plan-premium">
            <Icon name="crown" />
            Premium
          </h2>
          <p className="muted">Abonament lunar, plătit cu cardul, pe care îl poți opri oricând.</p>
          <ul>
            {PREMIUM.map((f) => (
              <li key={f}>
                <Icon name="check" />
                <span>{f}</span>
              </li>
            ))}
          </ul>
          <div className="plan__packages" aria-live="polite">
            {packages === null ? (
              <p className="muted">Se încarcă prețurile…</p>
            ) : packages.length ? (
              <PackageList packages={packages} />
            ) : (
              <p className="muted">Prețurile nu au putut fi încărcate acum.</p>
            )}
          </div>
          <Link to={user ? '/cont/premium' : '/inregistrare'} className="btn btn--gold">
            {user ? 'Alege pachetul și plătește' : 'Creează cont și alege pachetul'}
          </Link>
        </section>
      </div>
    </div>
  );
}
