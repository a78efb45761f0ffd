// 'Decide the future' (?tab=viitorul-{product}): feature proposals with a vote each (a second
// click takes it back), the team's status on every one, and a form to propose.
import { useCallback, useEffect, useState } from 'react';
import * as communityApi from '../../../api/community.ts';
import { errorCode, ApiError } from '../../../api/errors.ts';
import type { ProposalPayload } from '../../../shared/community-payloads.ts';
import {
  PROPOSAL_DESCRIPTION_MAX,
  PROPOSAL_STATUS_LABELS,
  PROPOSAL_TITLE_MAX,
  newProposalBody,
} from '../../../shared/community-rules.ts';
import { showToast } from '../../../state/toast.ts';
import { messageFor } from '../../../shared/messages.ro.ts';
import { useProduct } from '../../../shell/useProduct.ts';
import { ErrorList } from '../../../shell/form/ErrorList.tsx';
import { PageLoading } from '../../../router/RoutePage.tsx';
import { formatWhen } from '../../../components/community/format.ts';

function ProposalForm({ onSent }: { onSent: (p: ProposalPayload) => void }) {
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = newProposalBody.safeParse({ title, description });
    if (!parsed.success) {
      const out: Record<string, string[]> = {};
      for (const i of parsed.error.issues) (out[String(i.path[0])] ??= []).push(i.message);
      setErrors(out);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const r = await communityApi.postProposal(parsed.data.title, parsed.data.description);
      onSent(r.proposal);
      showToast(r.success);
      setTitle('');
      setDescription('');
    } catch (err) {
      setErrors(err instanceof ApiError ? err.body.errors : { general: [errorCode(err)] });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="form-section proposal-form" onSubmit={submit} noValidate aria-labelledby="proposal-form-title">
      <h3 id="proposal-form-title" className="form-section__title">Propune o funcție</h3>
      <div className="form-field">
        <label className="form-field__label" htmlFor="proposal-title">Titlu</label>
        <input id="proposal-title" className="form-field__input" value={title} maxLength={PROPOSAL_TITLE_MAX + 20} onChange={(e) => setTitle(e.target.value)} aria-invalid={errors.title ? true : undefined} />
        <ErrorList codes={errors.title ?? []} />
      </div>
      <div className="form-field">
        <label className="form-field__label" htmlFor="proposal-description">Descriere</label>
        <textarea id="proposal-description" className="form-field__input" rows={3} value={description} maxLength={PROPOSAL_DESCRIPTION_MAX + 50} onChange={(e) => setDescription(e.target.value)} aria-invalid={errors.description ? true : undefined} placeholder="Ce ar trebui să facă și de ce te-ar ajuta?" />
        <ErrorList codes={errors.description ?? []} />
      </div>
      <div role="alert">
        <ErrorList codes={errors.general ?? []} />
      </div>
      <button type="submit" className="btn btn--primary" disabled={busy}>Trimite propunerea</button>
    </form>
  );
}

export function ProposalsTab() {
  const product = useProduct();
  const [sort, setSort] = useState<'top' | 'new'>('top');
  const [list, setList] = useState<ProposalPayload[] | null>(null);
  const [page, setPage] = useState(1);
  const [hasMore, setHasMore] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(
    async (p: number) => {
      const res = await communityApi.getProposals(sort, p);
      setList((prev) => (p === 1 || !prev ? res.proposals : [...prev, ...res.proposals.filter((x) => !prev.some((y) => y.id === x.id))]));
      setPage(p);
      setHasMore(res.has_more);
    },
    [sort],
  );
  useEffect(() => {
    setList(null);
    setError(null);
    load(1).catch((err: unknown) => setError(errorCode(err)));
  }, [load]);

  const vote = async (p: ProposalPayload) => {
    try {
      const r = await communityApi.voteProposal(p.id);
      setList((prev) => prev?.map((x) => (x.id === p.id ? { ...x, voted: r.voted, votes: r.votes } : x)) ?? prev);
    } catch (err) {
      showToast(errorCode(err), 'error');
    }
  };

  return (
    <section aria-labelledby="proposals-title" className="community-proposals">
      <div className="community-toolbar">
        <h2 id="proposals-title">Decide viitorul {product}</h2>
        <div className="segmented" role="group" aria-label="Ordinea propunerilor">
          {(['top', 'new'] as const).map((s) => (
            <button key={s} type="button" className={`segmented__btn${sort === s ? ' is-active' : ''}`} aria-pressed={sort === s} onClick={() => setSort(s)}>
              {s === 'top' ? 'Cele mai votate' : 'Cele mai noi'}
            </button>
          ))}
        </div>
      </div>
      <p className="muted">Propune ce să construim și votează ideile celorlalți. Echipa marchează ce a planificat, ce lucrează și ce e gata.</p>
      <ProposalForm onSent={(p) => setList((prev) => [p, ...(prev ?? [])])} />
      {error ? <p role="alert">{messageFor(error, product)}</p> : null}
      {!list && !error ? <PageLoading /> : null}
      {list && list.length === 0 ? <p className="empty-state">Nicio propunere încă. Scrie tu prima.</p> : null}
      <ol className="proposal-list">
        {list?.map((p) => (
          <li key={p.id} className="proposal card" data-proposal-id={p.id}>
            <button type="button" className={`proposal__vote${p.voted ? ' proposal__vote--on' : ''}`} aria-pressed={p.voted} aria-label={`Votează „${p.title}” (${p.votes} voturi)`} onClick={() => vote(p)}>
              <span aria-hidden="true">▲</span>
              <span className="proposal__votes">{p.votes}</span>
            </button>
            <div className="proposal__main">
              <h3 className="proposal__title">
                {p.title} <span className={`proposal__status proposal__status--${p.status}`}>{PROPOSAL_STATUS_LABELS[p.status]}</span>
              </h3>
              <p className="proposal__description">{p.description}</p>
              <p className="muted proposal__meta">
                {p.author ? p.author.name : 'Cont șters'} · {formatWhen(p.created_at)}
              </p>
            </div>
          </li>
        ))}
      </ol>
      {hasMore ? (
        <button type="button" className="btn btn--ghost" onClick={() => load(page + 1).catch((err: unknown) => showToast(errorCode(err), 'error'))}>
          Mai multe propuneri
        </button>
      ) : null}
    </section>
  );
}
