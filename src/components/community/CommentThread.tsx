// <CommentThread target={{ type, id }}>: the discussion under one grid or chapter (issue 7 §5),
// pinned first, then the most voted, then the newest, a page at a time; each comment with its
// replies (one level: answering a reply joins the same thread). Signed-out visitors are asked to
// sign in; a premium discussion refused to a free user shows the server's reason. Changes made by
// others arrive live (thread-live.ts).
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from '../../router/Link.tsx';
import { useSnapshot } from 'valtio';
import * as communityApi from '../../api/community.ts';
import type { CommentTarget } from '../../api/community.ts';
import { errorCode } from '../../api/errors.ts';
import { app } from '../../state/app.ts';
import { showToast } from '../../state/toast.ts';
import { addReply, commentsState, putComment, putThreads } from '../../state/comments.ts';
import { messageFor } from '../../shared/messages.ro.ts';
import { COMMENT_MAX, commentBody } from '../../shared/community-rules.ts';
import { CommentForm } from './CommentForm.tsx';
import { CommentItem } from './CommentItem.tsx';
import { useThreadLive } from './thread-live.ts';
import './community.css';

export function CommentThread(props: { target: CommentTarget; title?: string; headingLevel?: 2 | 3 }) {
  const { user, product } = useSnapshot(app);
  const replies = useSnapshot(commentsState).replies;
  const [rootIds, setRootIds] = useState<number[] | null>(null);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [hasMore, setHasMore] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const { type, id } = props.target;
  const H = props.headingLevel === 3 ? 'h3' : 'h2';
  const headingId = `comments-${type}-${id}`;

  const load = useCallback(
    async (p: number) => {
      const res = await communityApi.getComments({ type, id }, p);
      const ids = putThreads(res.comments);
      setRootIds((prev) => (p === 1 || !prev ? ids : [...prev, ...ids.filter((x) => !prev.includes(x))]));
      setTotal(res.total);
      setPage(p);
      setHasMore(p * res.page_size < res.total);
    },
    [type, id],
  );

  useEffect(() => {
    if (!user) return;
    setRootIds(null);
    setError(null);
    load(1).catch((err: unknown) => setError(errorCode(err)));
  }, [load, user]);

  // Live: someone else's comment, reply, edit, delete, vote or a moderation in this discussion.
  const pages = useRef(1);
  pages.current = page;
  useThreadLive(user ? { type, id } : null, async () => {
    // The event names ids only; the pages on screen are read again as this user may see them.
    const n = pages.current;
    const all = [];
    let res = null;
    for (let p = 1; p <= n; p++) {
      res = await communityApi.getComments({ type, id }, p);
      all.push(...putThreads(res.comments));
    }
    if (!res) return;
    setRootIds([...new Set(all)]);
    setTotal(res.total);
    setHasMore(n * res.page_size < res.total);
  });

  const send = async (text: string) => {
    const r = await communityApi.postComment({ type, id }, text);
    putComment(r.comment);
    setRootIds((prev) => [r.comment.id, ...(prev ?? [])]);
    setTotal((n) => n + 1);
    showToast(r.success);
  };
  const reply = async (text: string, parentId: number) => {
    const r = await communityApi.postComment({ type, id }, text, parentId);
    addReply(r.comment.parent_id ?? parentId, r.comment);
    showToast(r.success);
  };
  const more = async () => {
    setLoadingMore(true);
    try {
      await load(page + 1);
    } catch (err) {
      showToast(errorCode(err), 'error');
    } finally {
      setLoadingMore(false);
    }
  };

  return (
    <section className="comment-thread" aria-labelledby={headingId} data-testid={`comments-${type}-${id}`}>
      <H id={headingId} className="comment-thread__title">
        {props.title ?? 'Discuție'} {rootIds ? <span className="muted">({total})</span> : null}
      </H>
      {!user ? (
        <p className="muted">
          <Link to="/conectare">Conectează-te</Link> ca să vezi discuția și să pui întrebări.
        </p>
      ) : error ? (
        <p className="comment-thread__error" role="alert">
          {messageFor(error, product)}
        </p>
      ) : !rootIds ? (
        <p className="muted" aria-busy="true">
          Se încarcă discuția…
        </p>
      ) : (
        <>
          <CommentForm
            label="Scrie un comentariu"
            submitLabel="Trimite"
            schema={commentBody}
            max={COMMENT_MAX}
            placeholder="Întreabă sau explică: ce te-a încurcat aici?"
            onSubmit={send}
          />
          {rootIds.length === 0 ? <p className="muted">Niciun comentariu încă. Fii primul care scrie.</p> : null}
          <ol className="comment-thread__list">
            {rootIds.map((rid) => (
              <li key={rid} className="comment-thread__item">
                <CommentItem id={rid} onReply={reply} />
                {(replies[rid] ?? []).length ? (
                  <ol className="comment-thread__replies">
                    {(replies[rid] ?? []).map((x) => (
                      <li key={x}>
                        <CommentItem id={x} onReply={reply} />
                      </li>
                    ))}
                  </ol>
                ) : null}
              </li>
            ))}
          </ol>
          {hasMore ? (
            <button type="button" className="btn btn--ghost btn--small" onClick={more} disabled={loadingMore}>
              Mai multe comentarii
            </button>
          ) : null}
        </>
      )}
    </section>
  );
}
