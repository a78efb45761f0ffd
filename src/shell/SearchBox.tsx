// The top bar's search (issue 30 §3): a search landmark with a labelled field; Enter opens the
// results page /cautare?q=…, Escape empties the field (and closes it on a phone, where it opens
// over the top bar from its button). The field keeps the query while the results page shows it.
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Icon } from './icons.tsx';
import { SEARCH_Q_MAX, SEARCH_Q_MIN } from '../shared/search-rules.ts';

export const SEARCH_LABEL = 'Caută în grile și capitole';

export function SearchBox({ onClose, autoFocus = false, label = SEARCH_LABEL }: { onClose?: () => void; autoFocus?: boolean; label?: string }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const current = pathname === '/cautare' ? (new URLSearchParams(search).get('q') ?? '') : '';
  const [value, setValue] = useState(current);
  useEffect(() => setValue(current), [current]);
  useEffect(() => {
    if (autoFocus) input.current?.focus();
  }, [autoFocus]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = value.trim();
    if (q.length < SEARCH_Q_MIN) {
      input.current?.focus();
      return;
    }
    navigate(`/cautare?q=${encodeURIComponent(q)}`);
    onClose?.();
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
