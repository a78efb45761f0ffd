// One message: its text as text (never markup; http/https addresses as links), a shared grid's
// card, the time, and for my own messages where they stand: waiting in the outbox, refused (with
// the reason and what to do with it), and on my newest stored message only: sent or seen.
import type { ClientMessage } from '../../../state/messages.ts';
import { messageFor } from '../../../shared/messages.ro.ts';
import { discardFailed } from '../../../offline/message-outbox.ts';
import { copyText } from '../../../shell/copy-text.ts';
import { showToast } from '../../../state/toast.ts';
import { SharedGridCard } from './SharedGridCard.tsx';
import { linkParts } from './link-parts.ts';
import { fullTime, shortTime } from './time.ts';

function Failed({ m }: { m: ClientMessage }) {
  const discard = async () => {
    if (await discardFailed(m.id)) showToast('MESSAGE_DISCARDED');
  };
  const copy = async () => {
    if (await copyText(m.text)) await discardFailed(m.id);
  };
  return (
    <span className="bubble__failed" data-status="failed">
      <span className="bubble__status is-failed">Netrimis: {messageFor(m.failed!)}</span>
      <span className="bubble__actions">
        {m.text ? (
          <button type="button" className="btn btn--ghost btn--small" onClick={() => void copy()}>
            Copiază textul
          </button>
        ) : null}
        <button type="button" className="btn btn--ghost btn--small" onClick={() => void discard()}>
          Șterge
        </button>
      </span>
    </span>
  );
}

function Status({ m, last }: { m: ClientMessage; last: boolean }) {
  if (m.failed) return <Failed m={m} />;
  if (m.pending) return <span className="bubble__status is-pending" data-status="pending">în așteptare</span>;
  if (!last) return null;
  if (m.seen_at)
    return (
      <span className="bubble__status is-seen" data-status="seen" title={`Văzut ${fullTime(m.seen_at)}`}>
        <span aria-hidden="true">✓✓</span> Văzut
      </span>
    );
  return (
    <span className="bubble__status" data-status="sent">
      <span aria-hidden="true">✓</span> Trimis
    </span>
  );
}

function Text({ text }: { text: string }) {
  return (
    <p className="bubble__text">
      {linkParts(text).map((p, i) =>
        p.href ? (
          <a key={i} href={p.href} target="_blank" rel="noopener noreferrer nofollow">
            {p.text}
          </a>
        ) : (
          p.text
        ),
      )}
    </p>
  );
}

/** `last`: my newest message the server has (the only one that says sent or seen). */
export function MessageBubble({ m, mine, last = false }: { m: ClientMessage; mine: boolean; last?: boolean }) {
  return (
    <li
      className={`bubble${mine ? ' bubble--mine' : ''}${m.pending ? ' is-pending' : ''}${m.failed ? ' is-failed' : ''}`}
      data-message-id={m.id}
    >
      {m.grid ? <SharedGridCard grid={m.grid} /> : null}
      {m.text ? <Text text={m.text} /> : null}
      <span className="bubble__meta">
        <time dateTime={m.created_at} title={fullTime(m.created_at)}>
          {shortTime(m.created_at)}
        </time>
        {mine ? <Status m={m} last={last} /> : null}
      </span>
    </li>
  );
}
