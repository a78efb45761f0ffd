import { useEffect } from 'react';
import { Link } from 'react-router';
import { useProduct } from '../../shell/useProduct.ts';
import { Icon } from '../../shell/icons.tsx';
import { markAnnouncementSeen } from '../../state/announcement.ts';
import { markNotificationsSeen } from '../../state/user.ts';
import { NetworkRequired } from '../../shell/pwa/NetworkRequired.tsx';

function NotificationsPage() {
  const product = useProduct();
  useEffect(() => {
    markAnnouncementSeen();
    markNotificationsSeen();
  }, []);
  return (
    <section className="page page--narrow">
      <header className="page-header">
        <h1>Notificări</h1>
        <p>Anunțurile importante și noutățile din contul tău.</p>
      </header>
      <article className="card" aria-labelledby="announcement-title">
        <span className="eyebrow">Anunț</span>
        <h2 id="announcement-title">Bine ai venit în {product}!</h2>
        <p>
          Ne bucurăm că ești aici. Începe cu un test scurt pe capitolul la care te simți cel mai sigur, apoi treci la cel
          care îți dă bătăi de cap — explicațiile te ajută pe drum.
        </p>
        <p>
          Instalează aplicația pe telefon și descarcă manualele: poți rezolva grile și fără internet, iar răspunsurile se
          sincronizează când revii online.
        </p>
        <Link to="/teste" className="btn btn--primary">
          <Icon name="clipboard" />
          Începe un test
        </Link>
      </article>
      <p className="muted" style={{ marginTop: 24 }}>
        Lista completă a notificărilor (cereri de prietenie, rezultate ale testelor de grup, răspunsuri în comunitate) vine
        într-o versiune următoare.
      </p>
    </section>
  );
}

/** Needs the network: offline it explains so instead of failing (src/shell/pwa/NetworkRequired.tsx). */
export default function Notifications() {
  return (
    <NetworkRequired title="Notificări">
      <NotificationsPage />
    </NetworkRequired>
  );
}
