// The conversation's composer (issue 23 §3, phone): Enter sends with a hardware keyboard, but a
// touch keyboard's Enter is a new line (the Trimite button sends); the field grows with its text
// up to a bound, and the newest message stays in view while it grows; text past MESSAGE_MAX is
// never cut silently (a paste keeps all of it): a counter shows near the bound and sending refuses.
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import { queueMessage } from '../../../offline/message-outbox.ts';
import { messageFor } from '../../../shared/messages.ro.ts';
import { MESSAGE_MAX, messageText } from '../../../shared/message-rules.ts';

/** The counter shows from this many characters on. */
const COUNTER_FROM = Math.floor(MESSAGE_MAX * 0.8);

/** A touch screen without a fine pointer: its Enter key is for new lines. */
const touchKeyboard = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches && !window.matchMedia('(any-pointer: fine)').matches;

type Props = {
  friendId: number;
  /** The message list: kept scrolled to the newest message while the field grows. */
  scroller: RefObject<HTMLDivElement | null>;
  /** Whether the list is at its end (then it stays there). */
  stick: RefObject<boolean>;
};

export function Composer({ friendId, scroller, stick }: Props) {
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const length = draft.length;
  const over = length > MESSAGE_MAX;

  useEffect(() => {
    setDraft('');
    setError(null);
  }, [friendId]);

  // Grows with the text (browsers without `field-sizing`), and the list follows its end.
  useLayoutEffect(() => {
    const el = field.current;
    if (el && !CSS.supports?.('field-sizing', 'content')) {
      el.style.height = 'auto';
      el.style.height = `${el.scrollHeight + 2}px`;
    }
    const list = scroller.current;
    if (list && stick.current) list.scrollTop = list.scrollHeight;
  }, [draft, scroller, stick]);

  const send = async (e?: FormEvent) => {
    e?.preventDefault();
    const parsed = messageText.safeParse(draft);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'FORM_MESSAGE_REQUIRED');
      return;
    }
    setError(null);
    setDraft('');
    stick.current = true;
    await queueMessage(friendId, parsed.data);
  };

  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing && !touchKeyboard()) {
      e.preventDefault();
      void send();
    }
  };

  const describedBy = [error ? 'convo-input-error' : null, length >= COUNTER_FROM ? 'convo-input-count' : null].filter(Boolean).join(' ');
  return (
    <form className="convo__composer" onSubmit={(e) => void send(e)}>
      <label htmlFor="convo-input" className="visually-hidden">
        Mesaj
      </label>
      <textarea
        id="convo-input"
        ref={field}
        rows={1}
        value={draft}
        placeholder="Scrie un mesaj…"
        enterKeyHint={touchKeyboard() ? 'enter' : 'send'}
        aria-invalid={error || over ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(e) => {
          setDraft(e.target.value);
          if (error) setError(null);
        }}
        onKeyDown={onKey}
      />
      <button type="submit" className="btn btn--primary">
        Trimite
      </button>
      {length >= COUNTER_FROM ? (
        <p id="convo-input-count" className={`convo__count${over ? ' is-over' : ''}`} data-testid="convo-count" aria-live="polite">
          {length} / {MESSAGE_MAX} caractere{over ? ` — cu ${length - MESSAGE_MAX} prea multe` : ''}
        </p>
      ) : null}
      {error ? (
        <p id="convo-input-error" className="convo__error" role="alert">
          {messageFor(error)}
        </p>
      ) : null}
    </form>
  );
}
