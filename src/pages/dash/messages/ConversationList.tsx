// /mesaje: conversations, most recent first, with the friend's picture, the last message and the
// unread count; friends without a conversation yet below, to start one; an empty state that
// sends to /prieteni.
import { useEffect, useState } from 'react';
import { Link } from '../../../router/Link.tsx';
import { useSnapshot } from 'valtio';
import { app } from '../../../state/app.ts';
import { messages } from '../../../state/messages.ts';
import { getConversations } from '../../../api/messages.ts';
import { getFriends, type Person } from '../../../api/friends.ts';
import { errorCode } from '../../../api/errors.ts';
import { messageFor } from '../../../shared/messages.ro.ts';
import { Avatar } from '../../../shell/Avatar.tsx';
import { shortTime } from './time.ts';

export function ConversationList() {
  const snap = useSnapshot(messages);
  const me = useSnapshot(app).user?.id ?? 0;
  const [friends, setFriends] = useState<Person[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    Promise.all([getConversations(), getFriends()])
      .then(([c, f]) => {
        if (!live) return;
        messages.conversations = c.conversations;
        setFriends(f.friends);
      })
      .catch((err: unknown) => live && setError(errorCode(err)));
    return () => {
      live = false;
    };
  }, []);

  const list = snap.conversations;
  const talking = new Set(list?.map((c) => c.friend.id));
  const others = (friends ?? []).filter((f) => !talking.has(f.id));

  return (
    <section className="page messages-page" aria-labelledby="messages-title">
      <header className="page-header">
        <h1 id="messages-title">Mesaje</h1>
        <p>Vorbește cu prietenii tăi în timp real și trimiteți-vă grile.</p>
      </header>
      {error ? (
        <p role="alert" className="form-errors">
          {messageFor(error)}
        </p>
      ) : null}
      {list === null && !error ? <p className="muted">Se încarcă…</p> : null}
      {list && list.length === 0 && friends && friends.length === 0 ? (
        <div className="card messages-empty" data-testid="messages-empty">
          <h2>Nicio conversație încă</h2>
          <p className="muted">Poți trimite mesaje doar prietenilor. Adaugă-ți colegii de învățat și începeți să vorbiți.</p>
          <Link className="btn btn--primary" to="/prieteni">
            Găsește prieteni
          </Link>
        </div>
      ) : null}
      {list && list.length > 0 ? (
        <ul className="convo-list" data-testid="convo-list">
          {list.map((c) => {
            const mine = c.last_message.sender_id === me;
            const text = c.last_message.text || (c.last_message.grid ? 'Grilă trimisă' : '');
            return (
              <li key={c.friend.id}>
                <Link to={`/mesaje/${c.friend.id}`} className={`convo-item${c.unread ? ' is-unread' : ''}`} data-convo={c.friend.name}>
                  <Avatar src={c.friend.avatar_thumb_src} name={c.friend.name || 'Prieten'} premium={false} size={44} />
                  <span className="convo-item__body">
                    <span className="convo-item__top">
                      <strong className="convo-item__name">{c.friend.name || 'Conversație nouă'}</strong>
                      <time className="convo-item__time muted" dateTime={c.last_message.created_at}>
                        {shortTime(c.last_message.created_at)}
                      </time>
                    </span>
                    <span className="convo-item__last">
                      {mine ? <span className="muted">Tu: </span> : null}
                      {c.last_message.grid ? <span aria-hidden="true">▦ </span> : null}
                      {text}
                    </span>
                  </span>
                  {c.unread ? (
                    <span className="badge convo-item__badge" aria-label={`${c.unread} mesaje necitite`}>
                      {c.unread}
                    </span>
                  ) : null}
                </Link>
              </li>
            );
          })}
        </ul>
      ) : null}
      {others.length > 0 ? (
        <section className="form-section convo-start" aria-labelledby="convo-start-title">
          <h2 id="convo-start-title" className="form-section__title">
            Începe o conversație
          </h2>
          <ul className="convo-start__list">
            {others.map((f) => (
              <li key={f.id}>
                <Link to={`/mesaje/${f.id}`} className="convo-start__item">
                  <Avatar src={f.avatar_thumb_src} name={f.name} premium={false} size={32} />
                  <span>{f.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}
