// /prieteni: find people (name, exact e-mail, invitation code), requests received and sent,
// friends, blocked people. After every action the lists are read again from the server, and the
// navbar badge takes the number of requests received.
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import * as friendsApi from '../../../api/friends.ts';
import type { FoundPerson, FriendsOverview, PendingRequest } from '../../../api/friends.ts';
import { ApiError, errorCode } from '../../../api/errors.ts';
import { showToast } from '../../../state/toast.ts';
import { setCount } from '../../../state/layout-counts.ts';
import { friendsLive } from '../../../state/notifications.ts';
import { useSnapshot } from 'valtio';
import { messageFor } from '../../../shared/messages.ro.ts';
import { searchText } from '../../../shared/friend-rules.ts';
import { PageLoading } from '../../../router/RoutePage.tsx';
import { ErrorList } from '../../../shell/form/ErrorList.tsx';
import { PersonList, type Action } from './PersonList.tsx';
import '../../../styles/forms.css';
import './friends.css';

const SEARCH_STATUS: Record<FoundPerson['relation'], string> = {
  none: '',
  friend: 'prieten',
  incoming: 'ți-a trimis o cerere',
  outgoing: 'cerere trimisă',
  rejected: 'cerere respinsă',
};

export function FriendsView() {
  const [data, setData] = useState<FriendsOverview | null>(null);
  const [blocked, setBlocked] = useState<PendingRequest[]>([]);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [query, setQuery] = useState('');
  const [searchError, setSearchError] = useState<string | null>(null);
  const [results, setResults] = useState<FoundPerson[] | null>(null);
  const [lastQuery, setLastQuery] = useState('');

  const reload = useCallback(async () => {
    const [overview, blocks] = await Promise.all([friendsApi.getFriends(), friendsApi.getBlocked()]);
    setData(overview);
    setBlocked(blocks.blocked);
    setCount('friendships', overview.incoming.length);
  }, []);

  // Again whenever a request or friendship changes on either side (the live `friends` event).
  const { version } = useSnapshot(friendsLive);
  useEffect(() => {
    reload().catch((err: unknown) => setLoadError(errorCode(err)));
  }, [reload, version]);
  // Search results say where the viewer stands with each person: read again too after a change.
  const searched = useRef('');
  useEffect(() => {
    if (version > 0 && searched.current) void runSearchRef.current(searched.current).catch(() => undefined);
  }, [version]);

  const runSearch = useCallback(async (q: string) => {
    const res = await friendsApi.searchPeople(q);
    setResults(res.users);
    setLastQuery(q);
    searched.current = q;
  }, []);
  const runSearchRef = useRef(runSearch);

  /** One action: its success code as a toast, then fresh lists (and fresh results, if any). */
  const act = (call: () => Promise<{ success: string }>) => async () => {
    setBusy(true);
    try {
      const res = await call();
      showToast(res.success);
      await reload();
      if (lastQuery) await runSearch(lastQuery);
    } catch (err) {
      showToast(errorCode(err), 'error');
    } finally {
      setBusy(false);
    }
  };

  const onSearch = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = searchText.safeParse(query);
    if (!parsed.success) {
      setSearchError(parsed.error.issues[0]?.message ?? 'FORM_SEARCH_REQUIRED');
      return;
    }
    setSearchError(null);
    setBusy(true);
    try {
      await runSearch(parsed.data);
    } catch (err) {
      setSearchError(err instanceof ApiError ? err.code : errorCode(err));
    } finally {
      setBusy(false);
    }
  };

  if (loadError) return <p role="alert">{messageFor(loadError)}</p>;
  if (!data) return <PageLoading />;

  const block = (p: { id: number; name: string }): Action => ({
    label: 'Blochează',
    ghost: true,
    run: act(() => friendsApi.blockUser(p.id)),
    confirm: {
      title: `Blochezi pe ${p.name}?`,
      text: 'Prietenia și cererile dintre voi dispar, nu vă mai găsiți la căutare și nu vă mai puteți scrie. Îl poți debloca oricând din lista „Persoane blocate”.',
      yes: 'Blochează',
    },
  });
  const searchActions = (p: FoundPerson): Action[] => {
    const main: Action[] =
      p.relation === 'none'
        ? [{ label: 'Trimite cerere', run: act(() => friendsApi.sendFriendRequest(p.id)) }]
        : p.relation === 'incoming'
          ? [{ label: 'Acceptă', run: act(() => friendsApi.acceptFriendRequest(p.id)) }]
          : p.relation === 'outgoing'
            ? [
                {
                  label: 'Anulează cererea',
                  ghost: true,
                  run: act(() => friendsApi.cancelFriendRequest(p.id)),
                },
              ]
            : [];
    return [...main, block(p)];
  };

  return (
    <>
      <p className="friends-code">
        Codul tău de invitație: <strong data-testid="invitation-code">{data.invitation_code}</strong>
        <span className="muted"> — dă-l prietenilor ca să te găsească.</span>
      </p>

      <form className="form-section friends-search" role="search" onSubmit={onSearch} noValidate>
        <div className="form-field">
          <label className="form-field__label" htmlFor="friends-q">
            Caută persoane
          </label>
          <input
            id="friends-q"
            className="form-field__input"
            type="search"
            maxLength={100}
            placeholder="Nume, e-mail sau cod de invitație"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            aria-invalid={searchError ? true : undefined}
            aria-describedby={searchError ? 'friends-q-error' : undefined}
          />
          <div role="alert">
            <ErrorList id="friends-q-error" codes={searchError ? [searchError] : []} />
          </div>
        </div>
        <button type="submit" className="btn btn--primary" disabled={busy}>
          Caută
        </button>
      </form>

      {results ? (
        <PersonList
          id="friends-results"
          title="Rezultate"
          people={results}
          empty="Nu am găsit pe nimeni. După e-mail căutăm doar adresa scrisă întreagă."
          detail={(p) => SEARCH_STATUS[p.relation]}
          actions={searchActions}
          busy={busy}
        />
      ) : null}

      <PersonList
        id="friends-incoming"
        title="Cereri primite"
        people={data.incoming}
        empty="Nu ai cereri de prietenie noi."
        actions={(p) => [
          { label: 'Acceptă', run: act(() => friendsApi.acceptFriendRequest(p.id)) },
          { label: 'Respinge', ghost: true, run: act(() => friendsApi.rejectFriendRequest(p.id)) },
        ]}
        busy={busy}
      />
      <PersonList
        id="friends-outgoing"
        title="Cereri trimise"
        people={data.outgoing}
        empty="Nu ai cereri în așteptare."
        actions={(p) => [
          { label: 'Anulează cererea', ghost: true, run: act(() => friendsApi.cancelFriendRequest(p.id)) },
        ]}
        busy={busy}
      />
      <PersonList
        id="friends-friends"
        title="Prietenii tăi"
        people={data.friends}
        empty="Încă nu ai prieteni aici. Caută-i după nume, e-mail sau cod de invitație."
        detail={(p) => `Prieteni din ${new Date(p.since).toLocaleDateString('ro-RO', { day: 'numeric', month: 'long', year: 'numeric' })}`}
        actions={(p) => [
          {
            label: 'Șterge',
            ghost: true,
            run: act(() => friendsApi.removeFriend(p.id)),
            confirm: {
              title: `Ștergi prietenia cu ${p.name}?`,
              text: 'Nu vă mai puteți trimite mesaje; conversația de până acum rămâne de citit. Vă puteți împrieteni din nou cu o cerere nouă.',
              yes: 'Șterge prietenia',
            },
          },
          block(p),
        ]}
        busy={busy}
      />
      {blocked.length > 0 ? (
        <PersonList
          id="friends-blocked"
          title="Persoane blocate"
          people={blocked}
          empty=""
          actions={(p) => [
            { label: 'Deblochează', ghost: true, run: act(() => friendsApi.unblockUser(p.id)) },
          ]}
          busy={busy}
        />
      ) : null}
    </>
  );
}
