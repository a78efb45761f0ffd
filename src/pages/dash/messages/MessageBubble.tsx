// One message: its text as text (never markup), a shared grid's card, the time, and for my own
// messages where they stand: waiting in the outbox, refused, sent, seen.
import type { ClientMessage } from '../../../state/messages.ts';
import { messageFor } from '../../../shared/messages.ro.ts';
import { SharedGridCard } from './SharedGridCard.tsx';
import { fullTime, shortTime } from './time.ts';

function Status({ m }: { m: ClientMessage }) {
  if (m.failed) return <span className="bubble__status is-failed">Netrimis: {messageFor(m.failed)}</span>;
  if (m.pending) return <span className="bubble__status is-pending" data-status="pending">în așteptare</span>;
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

export function MessageBubble({ m, mine }: { m: ClientMessage; mine: boolean }) {
  return (
    <li className={`bubble${mine ? ' bubble--mine' : ''}${m.pending ? ' is-pending' : ''}`} data-message-id={m.id}>
      {m.grid ? <SharedGridCard grid={m.grid} /> : null}
      {m.text ? <p className="bubble__text">{m.text}</p> : null}
      <span className="bubble__meta">
        <time dateTime={m.created_at} title={fullTime(m.created_at)}>
          {shortTime(m.created_at)}
        </time>
        {mine ? <Status m={m} /> : null}
      </span>
    </li>
  );
}
