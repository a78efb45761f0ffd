// The top bar's search (issue 30 §3): a search landmark with a labelled field; Enter opens the
// results page /cautare?q=…, Escape empties the field (and closes it on a phone, where it opens
// over the top bar from its button). The field keeps the query while the results page shows it.
// Offline the same page answers from the manuals downloaded on this device.
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Icon } from './icons.tsx';
import { SEARCH_Q_MAX, SEARCH_Q_MIN } from '../shared/search-rules.ts';
import { useOnline } from '../offline/network.ts';
import { whenIdle } from './when-idle.ts';

const warm = () => void import('../offline/search/client.ts').then((m) => m.warmDeviceSearch(), () => undefined);
/** How long an offline page waits before building the search index it has not been asked for yet. */
const WARM_AFTER_MS = 5_000;

export const SEARCH_LABEL = 'Caută în grile și capitole';

type SearchBoxProps = {
  onClose?: () => void;
  autoFocus?: boolean;
  label?: string;
  /** Told the results page's address parameters before it opens (the results page starts its query
   *  there); a promise returned is waited for, up to OPEN_WAIT_MS, so the page opens with its answer. */
  onSearch?: (params: URLSearchParams) => Promise<unknown> | void;
};

/** How long a search started by `onSearch` may hold the page's opening: on a phone, opening it
 *  first cost a render and a frame of its own before the results' (issue 30 §3). */
export const OPEN_WAIT_MS = 200;

export function SearchBox({ onClose, autoFocus = false, label = SEARCH_LABEL, onSearch }: SearchBoxProps) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const submits = useRef(0);
  const current = pathname === '/cautare' ? (new URLSearchParams(search).get('q') ?? '') : '';
  const [value, setValue] = useState(current);
  // The field follows the address (Back, a link to another query), except when the address only
  // catches up with a query submitted here: what was typed since stays.
  const submitted = useRef<string[]>([]);
  useEffect(() => {
    const mine = submitted.current.indexOf(current);
    if (mine >= 0) submitted.current.splice(0, mine + 1);
    else setValue(current);
  }, [current]);
  useEffect(() => {
    if (autoFocus) input.current?.focus();
  }, [autoFocus]);
  // Offline the results come from the device's index (src/offline/search): build it in its worker
  // before the first query, and at once when the field takes focus. Loaded on demand: online nobody
  // pays for it. Not at a page's start: the build reads every downloaded grid (10 MB for a
  // national-size manual), and the page's own reads waited behind it (a 200-grid test made offline
  // right after a page load took twice as long, issue 30 §2).
  const online = useOnline();
  useEffect(() => {
    if (online) return;
    let cancelIdle = () => undefined as void;
    const timer = window.setTimeout(() => (cancelIdle = whenIdle(warm)), WARM_AFTER_MS);
    return () => {
      window.clearTimeout(timer);
      cancelIdle();
    };
  }, [online]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The field's own value: on a busy phone a render may not have caught up with the last keys.
    const q = (input.current?.value ?? value).trim();
    if (q.length < SEARCH_Q_MIN) {
      input.current?.focus();
      return;
    }
    // On the results page a new query keeps the kind chosen there (?tip=).
    const tip = pathname === '/cautare' ? new URLSearchParams(search).get('tip') : null;
    const query = `q=${encodeURIComponent(q)}${tip ? `&tip=${encodeURIComponent(tip)}` : ''}`;
    submitted.current = [...submitted.current.slice(-9), q];
    const started = onSearch?.(new URLSearchParams(query));
    const turn = ++submits.current;
    const from = window.location.href;
    const open = () => {
      // Only the last query opens, and only if nobody went elsewhere meanwhile.
      if (turn !== submits.current || window.location.href !== from) return;
      navigate(`/cautare?${query}`);
      onClose?.();
    };
    if (!started) return open();
    let timer = 0;
    void Promise.race([started, new Promise((r) => (timer = window.setTimeout(r, OPEN_WAIT_MS)))]).then(() => {
      window.clearTimeout(timer);
      open();
    });
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    if (value) setValue('');
    else onClose?.();
  };

  return (
    <form role="search" className="searchbox" aria-label={label} onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        ref={input}
        id={id}
        type="search"
        name="q"
        className="searchbox__input"
        placeholder="Caută grile, capitole…"
        autoComplete="off"
        enterKeyHint="search"
        maxLength={SEARCH_Q_MAX}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={onKey}
        onFocus={() => {
          if (!navigator.onLine) warm();
        }}
      />
      <button type="submit" className="icon-button searchbox__go" aria-label="Caută">
        <Icon name="search" />
      </button>
      {onClose ? (
        <button type="button" className="icon-button" aria-label="Închide căutarea" onClick={onClose}>
          <Icon name="close" />
        </button>
      ) : null}
    </form>
  );
}
