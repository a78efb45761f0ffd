// /notificari (issue 7 §4): the feed newest first, unread ones marked, live arrivals (src/realtime/
// notifications-live.ts), "Marchează tot ca citit", older pages with "Mai multe", Web Push on this
// device, and the welcome announcement (SPEC §3 hasSeenAnnouncement: unseen it counts as one).
import { useEffect, useState } from 'react';
import { Link } from '../../router/Link.tsx';
import { useSnapshot } from 'valtio';
import { useProduct } from '../../shell/useProduct.ts';
import { Icon } from '../../shell/icons.tsx';
import { app } from '../../state/app.ts';
import { markAnnouncementSeen } from '../../state/announcement.ts';
import { feed, loadFirstPage, loadMore, readAll, readNotification } from '../../state/notifications.ts';
import { showToast } from '../../state/toast.ts';
import { errorCode } from '../../api/errors.ts';
import { NetworkRequired } from '../../shell/pwa/NetworkRequired.tsx';
import { PageLoading } from '../../router/RoutePage.tsx';
import { ErrorList } from '../../shell/form/ErrorList.tsx';
import type { NotificationPayload } from '../../shared/notification-payloads.ts';
import { NotificationItem } from './notifications/NotificationItem.tsx';
import { PushToggle } from './notifications/PushToggle.tsx';
import './notifications/notifications.css';

function Announcement({ unread }: { unread: boolean }) {
  const product = useProduct();
  return (
    <article
      className={`card notifications-announcement${unread ? ' notification--unread' : ''}`}
      aria-labelledby="announcement-title"
    >
      <span className="eyebrow">Anunț</span>
      <h2 id="announcement-title">Bine ai venit în {product}!</h2>
      <p>
        Începe cu un test scurt pe capitolul la care te simți cel mai sigur, apoi treci la cel care îți dă
        bătăi de cap — explicațiile te ajută pe drum. Instalează aplicația și descarcă manualele: poți rezolva
        grile și fără internet.
      </p>
      <Link to="/teste" className="btn btn--primary btn--small">
        <Icon name="clipboard" />
        Începe un test
      </Link>
    </article>
  );
}

function NotificationsPage() {
  const snap = useSnapshot(app);
  const paging = useSnapshot(feed);
  const [error, setError] = useState<string | null>(null);
  // Unseen when the page opened: shown as new this once, then it counts no more (SPEC §3).
  const [announcementUnread] = useState(() => !app.hasSeenAnnouncement);

  useEffect(() => {
    markAnnouncementSeen();
    loadFirstPage().catch((err: unknown) => setError(errorCode(err)));
  }, []);

  const act = async (work: () => Promise<unknown>) => {
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(errorCode(err));
    }
  };
  const open = (n: NotificationPayload) => act(() => readNotification(n.id));
  const unread = snap.notifications.some((n) => !n.read);

  return (
    <section className="page page--narrow notifications-page" aria-labelledby="notifications-title">
      <header className="page-header notifications-header">
        <div>
          <h1 id="notifications-title">Notificări</h1>
          <p>Cereri de prietenie, răspunsuri ale echipei și anunțuri.</p>
        </div>
        <button
          type="button"
          className="btn btn--ghost btn--small"
          disabled={!unread}
          onClick={() => void act(async () => showToast(await readAll()))}
        >
          <Icon name="check" />
          Marchează tot ca citit
        </button>
      </header>
      <PushToggle />
      {error ? <ErrorList codes={[error]} className="form-errors" /> : null}
      {!paging.loaded && !error ? (
        <PageLoading />
      ) : (
        <>
          {snap.notifications.length ? (
            <ul className="notifications-list" aria-label="Notificările tale">
              {snap.notifications.map((n) => (
                <NotificationItem key={n.id} n={n} onOpen={open} />
              ))}
            </ul>
          ) : paging.loaded ? (
            <p className="muted notifications-empty">
              Nu ai notificări noi. Când cineva îți trimite o cerere de prietenie sau echipa îți răspunde, o
              vezi aici.
            </p>
          ) : null}
          {paging.nextBefore ? (
            <button
              type="button"
              className="btn btn--ghost notifications-more"
              disabled={paging.loadingMore}
              onClick={() => void act(loadMore)}
            >
              Mai multe
            </button>
          ) : null}
        </>
      )}
      <Announcement unread={announcementUnread} />
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
