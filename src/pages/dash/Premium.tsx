import { Link } from 'react-router';
import { useSnapshot } from 'valtio';
import { app } from '../../state/app.ts';
import { Icon } from '../../shell/icons.tsx';
import { isPremiumUser, premiumDisplay } from '../../shell/nav.ts';
import { useProduct } from '../../shell/useProduct.ts';
import { NetworkRequired } from '../../shell/pwa/NetworkRequired.tsx';

function PremiumPage() {
  const { user } = useSnapshot(app);
  const product = useProduct();
  const days = user?.remaining_premium_days ?? -1;
  const premium = isPremiumUser(user);
  const display = premiumDisplay(days);
  return (
    <section className="page page--narrow">
      <header className="page-header">
        <h1>Premium</h1>
        <p>Statusul abonamentului tău {product}.</p>
      </header>
      <div className="card">
        {premium ? (
          <div className="premium-status">
            <span className="premium-status__days">{days}</span>
            <div>
              <h2>{display.text}</h2>
              <p className="muted">
                {days === 0 ? 'Azi este ultima zi în care ai acces la funcțiile Premium.' : `Mai ai ${days === 1 ? 'o zi' : `${days} zile`} de acces la funcțiile Premium.`}
              </p>
            </div>
          </div>
        ) : (
          <div className="premium-status">
            <span className="soon__icon" style={{ margin: 0 }}>
              <Icon name="crown" />
            </span>
            <div>
              <h2>{display.text}</h2>
              <p className="muted">Momentan folosești contul gratuit. Ai acces la cursuri, grile explicate și teste.</p>
            </div>
          </div>
        )}
      </div>
      <div className="notice notice--info">
        <Icon name="clock" />
        <p>
          Cumpărarea abonamentelor, perioada de probă și cupoanele vin într-o versiune următoare. Vezi pe pagina{' '}
          <Link to="/intra-in-familie">Gratuit vs. Premium</Link> ce vei primi.
        </p>
      </div>
      <Link to="/teste" className="btn btn--primary">
        Mergi la teste
      </Link>
    </section>
  );
}

/** Needs the network: offline it explains so instead of failing (src/shell/pwa/NetworkRequired.tsx). */
export default function Premium() {
  return (
    <NetworkRequired title="Premium">
      <PremiumPage />
    </NetworkRequired>
  );
}
