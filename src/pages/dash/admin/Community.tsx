// /admin/comunitate (issue 7 §5): the queue of reported comments (oldest report first) with
// hide, pin, reply as the team and dismiss; and the proposals with the status the team sets.
import { useCallback, useEffect, useState } from 'react';
import { Link } from '../../../router/Link.tsx';
import * as communityApi from '../../../api/community.ts';
import { errorCode } from '../../../api/errors.ts';
import type { ProposalPayload, ReportedComment } from '../../../shared/community-payloads.ts';
import { COMMENT_MAX, PROPOSAL_STATUSES, PROPOSAL_STATUS_LABELS, commentBody, type ProposalStatus } from '../../../shared/community-rules.ts';
import { AdminGate } from '../../../components/content/AdminGate.tsx';
import { CommentForm } from '../../../components/community/CommentForm.tsx';
import { formatWhen } from '../../../components/community/format.ts';
import { threadHref } from '../community/ThreadsTab.tsx';
import { ErrorList } from '../../../shell/form/index.ts';
import { showToast } from '../../../state/toast.ts';
import { PageLoading } from '../../../router/RoutePage.tsx';
import '../../../components/community/community.css';
import '../community/community-page.css';

function ReportedItem({ item, onDone }: { item: ReportedComment; onDone: () => void }) {
  const [busy, setBusy] = useState(false);
  const [replying, setReplying] = useState(false);
  const c = item.comment;
  const act = async (call: () => Promise<{ success: string }>, done = true) => {
    setBusy(true);
    try {
      showToast((await call()).success);
      if (done) onDone();
    } catch (err) {
      showToast(errorCode(err), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="card report-item community-report" data-comment-id={c.id}>
      <p className="community-thread__where">
        <span className="comment__tag">{item.target_info.type === 'grid' ? 'Grilă' : 'Capitol'}</span>{' '}
        <Link to={threadHref(item.target_info)}>{item.target_info.title}</Link>
      </p>
      <p className="muted">
        {c.author_name ?? 'Cont șters'} (#{c.author_id ?? '—'}) · {formatWhen(c.created_at)}
        {c.hidden ? ' · ascuns' : ''}
        {c.pinned ? ' · fixat' : ''}
      </p>
      <blockquote className="report-item__reason">{c.deleted ? 'comentariu șters' : c.body}</blockquote>
      <h3 className="community-report__count">
        {item.open_reports} {item.open_reports === 1 ? 'raportare' : 'raportări'}, prima {formatWhen(item.first_reported_at)}
      </h3>
      <ul className="community-report__reasons">
        {item.reasons.map((r, i) => (
          <li key={i}>
            „{r.reason}” <span className="muted">· {formatWhen(r.created_at)}</span>
          </li>
        ))}
      </ul>
      <div className="comment-form__actions">
        <button type="button" className="btn btn--primary btn--small" disabled={busy} onClick={() => act(() => communityApi.setCommentHidden(c.id, !c.hidden))}>
          {c.hidden ? 'Reafișează' : 'Ascunde'}
        </button>
        <button type="button" className="btn btn--ghost btn--small" disabled={busy} onClick={() => act(() => communityApi.setCommentPinned(c.id, !c.pinned), false)}>
          {c.pinned ? 'Desfixează' : 'Fixează'}
        </button>
        <button type="button" className="btn btn--ghost btn--small" disabled={busy} onClick={() => setReplying((r) => !r)}>
          Răspunde ca echipa
        </button>
        <button type="button" className="btn btn--ghost btn--small" disabled={busy} onClick={() => act(() => communityApi.dismissReports(c.id))}>
          Respinge raportările
        </button>
      </div>
      {replying ? (
        <CommentForm
          label="Răspunsul echipei"
          submitLabel="Trimite ca echipa"
          schema={commentBody}
          max={COMMENT_MAX}
          autoFocus
          onCancel={() => setReplying(false)}
          onSubmit={async (text) => {
            const r = await communityApi.teamReply(c.id, text);
            showToast(r.success);
            setReplying(false);
          }}
        />
      ) : null}
    </li>
  );
}

function ProposalStatuses() {
  const [list, setList] = useState<ProposalPayload[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    communityApi.getProposals('top').then(
      (r) => setList(r.proposals),
      (err: unknown) => setError(errorCode(err)),
    );
  }, []);
  const set = async (p: ProposalPayload, status: ProposalStatus) => {
    try {
      const r = await communityApi.setProposalStatus(p.id, status);
      setList((prev) => prev?.map((x) => (x.id === p.id ? r.proposal : x)) ?? prev);
      showToast(r.success);
    } catch (err) {
      showToast(errorCode(err), 'error');
    }
  };
  return (
    <section aria-labelledby="admin-proposals-title" className="admin-proposals">
      <h2 id="admin-proposals-title">Propuneri (cele mai votate)</h2>
      {error ? <ErrorList codes={[error]} className="form-errors" /> : null}
      {!list && !error ? <PageLoading /> : null}
      {list && list.length === 0 ? <p className="empty-state">Nicio propunere.</p> : null}
      <ol className="proposal-list">
        {list?.map((p) => (
          <li key={p.id} className="proposal card">
            <span className="proposal__vote" aria-label={`${p.votes} voturi`}>
              <span className="proposal__votes">{p.votes}</span>
            </span>
            <div className="proposal__main">
              <h3 className="proposal__title">{p.title}</h3>
              <p className="proposal__description">{p.description}</p>
              <label className="form-field__label" htmlFor={`status-${p.id}`}>
                Stare
              </label>
              <select id={`status-${p.id}`} className="form-field__input admin-proposals__select" value={p.status} onChange={(e) => set(p, e.target.value as ProposalStatus)}>
                {PROPOSAL_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {PROPOSAL_STATUS_LABELS[s]}
                  </option>
                ))}
              </select>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

export default function AdminCommunity() {
  const [items, setItems] = useState<ReportedComment[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    communityApi.getReportQueue().then(
      (r) => setItems(r.items),
      (err: unknown) => setError(errorCode(err)),
    );
  }, []);
  useEffect(load, [load]);
  return (
    <AdminGate title="Comunitate">
      <section aria-labelledby="admin-reported-title">
        <h2 id="admin-reported-title">Comentarii raportate</h2>
        {error ? <ErrorList codes={[error]} className="form-errors" /> : null}
        {!items && !error ? <PageLoading /> : null}
        {items && items.length === 0 ? <p className="empty-state">Niciun comentariu raportat.</p> : null}
        <ul className="report-list">
          {items?.map((it) => (
            <ReportedItem key={it.comment.id} item={it} onDone={load} />
          ))}
        </ul>
      </section>
      <ProposalStatuses />
    </AdminGate>
  );
}
