// /prieteni (issue 7 §2): find people, friend requests, friends, blocked people.
import { NetworkRequired } from '../../shell/pwa/NetworkRequired.tsx';
import { FriendsView } from './friends/FriendsView.tsx';

function FriendsPage() {
  return (
    <section className="page friends-page" aria-labelledby="friends-title">
      <header className="page-header">
        <h1 id="friends-title">Prieteni</h1>
        <p>Găsește-ți colegii de învățat, trimite și acceptă cereri de prietenie.</p>
      </header>
      <FriendsView />
    </section>
  );
}

/** Needs the network: offline it explains so instead of failing (src/shell/pwa/NetworkRequired.tsx). */
export default function Friends() {
  return (
    <NetworkRequired title="Prieteni">
      <FriendsPage />
    </NetworkRequired>
  );
}
