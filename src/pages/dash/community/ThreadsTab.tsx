// The discussions tab of /ai/comunitate: threads across every grid and chapter the viewer may
// read, the most useful (votes and replies against age) or the most recent, each linking to where
// it lives. Comments are drawn by CommentItem from the shared store, so votes and replies work here.
import { useCallback, useEffect, useState } from 'react';
import { Link } from '../../../router/Link.tsx';
import { useSnapshot } from 'valtio';
import * as communityApi from '../../../api/community.ts';
import { errorCode } from '../../../api/errors.ts';
import type { CommentTargetInfo } from '../../../shared/community-payloads.ts';
import type { ThreadSort } from '../../../shared/community-rules.ts';
import { addReply, commentsState, putThreads } from '../../../state/comments.ts';
import { showToast } from '../../../state/toast.ts';
import { messageFor } from '../../../shared/messages.ro.ts';
import { CommentItem } from '../../../components/community/CommentItem.tsx';
import { PageLoading } from '../../../router/RoutePage.tsx';

/** Where a thread is read in full: the chapter page, or this page focused on the grid. */
export function threadHref(t: Pick<CommentTargetInfo, 'type' | 'id' | 'manual_slug' | 'chapter_slug'>): string {
  return t.type === 'grid'
    ? `/ai/comunitate?grila=${t.id}`
    : `/ai/cursuri/${encodeURIComponent(t.manual_slug)}/${encodeURIComponent(t.chapter_slug)}#comentarii`;
}

export function ThreadsTab() {
  const [sort, setSort] = useState<ThreadSort>('useful');
  const [items, setItems] = useState<Array<{ id: number; info: CommentTargetInfo }> | null>(null);
  const [page, setPage] = useState(1);
  const [hasMore, setHasMore] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const replies = useSnapshot(commentsState).replies;

  const load = useCallback(
    async (p: number) => {
      const res = await communityApi.getThreads(sort, p);
      putThreads(res.threads);
      const got = res.threads.map((t) => ({ id: t.id, info: t.target_info }));
      setItems((prev) => (p === 1 || !prev ? got : [...prev, ...got.filter((g) => !prev.some((x) => x.id === g.id))]));
      setPage(p);
      setHasMore(res.has_more);
    },
    [sort],
  );
  useEffect(() => {
    setItems(null);
    setError(null);
    load(1).catch((err: unknown) => setError(errorCode(err)));
  }, [load]);

  const reply = (info: CommentTargetInfo) => async (text: string, parentId: number) => {
    const r = await communityApi.postComment({ type: info.type, id: info.id }, text, parentId);
    addReply(r.comment.parent_id ?? parentId, r.comment);
    showToast(r.success);
  };

  return (
    <section aria-labelledby="threads-title" className="community-threads">
      <div className="community-toolbar">
        <h2 id="threads-title">Discuții</h2>
        <div className="segmented" role="group" aria-label="Ordinea discuțiilor">
          {(['useful', 'recent'] as const).map((s) => (
            <button key={s} type="button" className={`segmented__btn${sort === s ? ' is-active' : ''}`} aria-pressed={sort === s} onClick={() => setSort(s)}>
              {s === 'useful' ? 'Cele mai utile' : 'Cele mai noi'}
            </button>
          ))}
        </div>
      </div>
      {error ? <p role="alert">{messageFor(error)}</p> : null}
      {!items && !error ? <PageLoading /> : null}
      {items && items.length === 0 ? (
        <p className="empty-state">Nicio discuție încă. Deschide una din rezultatele unui test sau dintr-un capitol.</p>
      ) : null}
      <ol className="community-threads__list">
        {items?.map(({ id, info }) => (
          <li key={id} className="community-thread card">
            <p className="community-thread__where">
              <span className="comment__tag">{info.type === 'grid' ? 'Grilă' : 'Capitol'}</span>{' '}
              <Link to={threadHref(info)}>{info.title}</Link>
            </p>
            <CommentItem id={id} onReply={reply(info)} />
            {(replies[id] ?? []).length ? (
              <ol className="comment-thread__replies">
                {(replies[id] ?? []).slice(0, 3).map((x) => (
                  <li key={x}>
                    <CommentItem id={x} onReply={reply(info)} />
                  </li>
                ))}
              </ol>
            ) : null}
            {(replies[id] ?? []).length > 3 ? (
              <Link className="community-thread__more" to={threadHref(info)}>
                Toate cele {(replies[id] ?? []).length} răspunsuri
              </Link>
            ) : null}
          </li>
        ))}
      </ol>
      {hasMore ? (
        <button type="button" className="btn btn--ghost" onClick={() => load(page + 1).catch((err: unknown) => showToast(errorCode(err), 'error'))}>
          Mai multe discuții
        </button>
      ) : null}
    </section>
  );
}
