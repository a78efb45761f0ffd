// /mesaje/:user: one conversation. History loads newest first and older pages as the reader
// scrolls up; new messages arrive live (src/realtime/user-channel.ts); opening it, and every
// message that arrives while it is on screen, marks the friend's messages seen (SPEC §4). A
// message written offline waits in the outbox, shown "în așteptare" (src/offline/message-outbox.ts).
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from '../../../router/Link.tsx';
import { useSnapshot } from 'valtio';
import { app } from '../../../state/app.ts';
import { addMessage, messages, prependPage, thread } from '../../../state/messages.ts';
import { getHistory, postSeen } from '../../../api/messages.ts';
import { errorCode } from '../../../api/errors.ts';
import { pendingFor } from '../../../offline/message-outbox.ts';
import { useOnline } from '../../../offline/network.ts';
import { messageFor } from '../../../shared/messages.ro.ts';
import { friendsLive } from '../../../state/notifications.ts';
import { Avatar } from '../../../shell/Avatar.tsx';
import { MessageBubble } from './MessageBubble.tsx';
import { Composer } from './Composer.tsx';

/** Marks seen what the friend sent me; the badge and the list follow at once (the seen event confirms). */
async function markSeen(friendId: number) {
  try {
    const r = await postSeen(friendId);
    if (r.seen) app.layoutCounts.messages = Math.max(0, app.layoutCounts.messages - r.seen);
    const convo = messages.conversations?.find((c) => c.friend.id === friendId);
    if (convo) convo.unread = 0;
  } catch {
    /* offline: the next opening marks them */
  }
}

export function Conversation({ friendId }: { friendId: number | null }) {
  const me = useSnapshot(app).user?.id ?? null;
  const snap = useSnapshot(messages);
  const online = useOnline();
  const t = friendId === null ? undefined : snap.threads[friendId];
  const friend = t?.friend ?? snap.conversations?.find((c) => c.friend.id === friendId)?.friend ?? null;
  const [error, setError] = useState<string | null>(friendId === null ? 'FORM_USER_NOT_FOUND' : null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  /** Scroll height before an older page went in front: the view stays on the same message. */
  const keepFrom = useRef<{ height: number; top: number } | null>(null);
  const stick = useRef(true);

  useEffect(() => {
    if (friendId === null) return;
    messages.openFriend = friendId;
    const onVisible = () => {
      if (document.visibilityState === 'visible' && navigator.onLine) void markSeen(friendId);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      if (messages.openFriend === friendId) messages.openFriend = null;
    };
  }, [friendId]);

  useEffect(() => {
    if (friendId === null || me === null) return;
    let live = true;
    void (async () => {
      for (const p of await pendingFor(friendId)) addMessage(me, p);
      if (!online) return;
      if (!thread(friendId).loaded) {
        try {
          const h = await getHistory(friendId);
          if (!live) return;
          prependPage(friendId, h.messages, h.has_more, h.friend, h.can_send);
          setError(null);
        } catch (err) {
          if (live) setError(errorCode(err));
          return;
        }
      }
      if (live) await markSeen(friendId);
    })();
    return () => {
      live = false;
    };
  }, [friendId, me, online]);

  // A friendship changed on either side (the `friends` event: unfriended, blocked, friends again):
  // whether this conversation may still send is asked again, so the composer closes (or opens) live
  // instead of after a send fails with "Netrimis" (issue 32 §4).
  const friendsVersion = useSnapshot(friendsLive).version;
  const seenVersion = useRef(friendsVersion);
  useEffect(() => {
    if (friendId === null || friendsVersion === seenVersion.current || !online) return;
    seenVersion.current = friendsVersion;
    let live = true;
    getHistory(friendId)
      .then((h) => {
        if (live) thread(friendId).canSend = h.can_send;
      })
      .catch((err) => {
        if (live) setError(errorCode(err));
      });
    return () => {
      live = false;
    };
  }, [friendId, friendsVersion, online]);

  const list = t?.messages ?? [];
  // Sent or seen is said once, on my newest message the server has (not on every bubble).
  const lastStoredMine = list.findLast((m) => m.sender_id === me && !m.pending && !m.failed)?.id;
  const lastId = list.at(-1)?.id;
  const lastSender = list.at(-1)?.sender_id;

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (keepFrom.current) {
      el.scrollTop = el.scrollHeight - keepFrom.current.height + keepFrom.current.top;
      keepFrom.current = null;
    } else if (stick.current || lastSender === me) el.scrollTop = el.scrollHeight;
  }, [list.length, lastId, lastSender, me]);

  const loadOlder = async () => {
    if (friendId === null || !t?.hasMore || loadingOlder || !online) return;
    const oldest = t.messages.find((m) => !m.pending);
    const el = scroller.current;
    if (!oldest || !el) return;
    setLoadingOlder(true);
    try {
      const h = await getHistory(friendId, oldest.id);
      keepFrom.current = { height: el.scrollHeight, top: el.scrollTop };
      prependPage(friendId, h.messages, h.has_more, h.friend, h.can_send);
    } catch (err) {
      setError(errorCode(err));
    } finally {
      setLoadingOlder(false);
    }
  };

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
    if (el.scrollTop < 60) void loadOlder();
  };

  const blocked = error === 'FORM_MESSAGE_NOT_FRIENDS' || error === 'FORM_USER_NOT_FOUND';
  // A former friend: the history the server still gives, and no composer.
  const closed = !blocked && t?.loaded === true && !t.canSend;
  const name = friend?.name || 'Conversație';

  return (
    <section className="page convo" aria-labelledby="convo-title">
      <header className="convo__header">
        <Link to="/mesaje" className="btn btn--ghost btn--small convo__back" aria-label="Înapoi la mesaje">
          ←
        </Link>
        {friend ? <Avatar src={friend.avatar_thumb_src} name={name} premium={false} size={40} /> : null}
        <h1 id="convo-title" className="convo__title">
          {name}
        </h1>
      </header>
      {error && !blocked ? (
        <p role="alert" className="form-errors">
          {messageFor(error)}
        </p>
      ) : null}
      <div className="convo__scroll" ref={scroller} onScroll={onScroll} data-testid="convo-scroll">
        {t?.hasMore ? (
          <p className="convo__older muted">{loadingOlder ? 'Se încarcă mesajele mai vechi…' : 'Derulează în sus pentru mesaje mai vechi'}</p>
        ) : null}
        {!online && !t?.loaded ? (
          <p className="muted convo__note">Ești offline: istoricul se încarcă când revine conexiunea. Poți scrie; mesajul pleacă atunci.</p>
        ) : null}
        {t?.loaded && list.length === 0 ? <p className="muted convo__note">Niciun mesaj încă. Scrie primul!</p> : null}
        <ol className="convo__messages" aria-live="polite" aria-label={`Mesaje cu ${name}`}>
          {list.map((m) => (
            <MessageBubble key={m.id} m={m} mine={m.sender_id === me} last={m.id === lastStoredMine} />
          ))}
        </ol>
        {blocked ? (
          <div className="card messages-empty">
            <p>{messageFor(error!)}</p>
            <Link className="btn btn--primary" to="/prieteni">
              Mergi la prieteni
            </Link>
          </div>
        ) : null}
      </div>
      {closed ? (
        <p className="convo__closed muted" data-testid="convo-closed">
          Nu mai sunteți prieteni: poți citi conversația, dar nu mai poți trimite mesaje.{' '}
          <Link to="/prieteni">Mergi la prieteni</Link>
        </p>
      ) : blocked ? null : (
        <Composer friendId={friendId!} scroller={scroller} stick={stick} />
      )}
    </section>
  );
}
