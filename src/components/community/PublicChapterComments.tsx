// A free chapter's discussion on the signed-out chapter page (issue 7 §5): read-only, loaded only
// when the reader comes near it (PublicChapter.tsx), so none of this is in the page's first load.
// Hidden and deleted comments never come from the server; text is shown as text.
import { useEffect, useState } from 'react';
import { getPublicChapterComments } from '../../api/community.ts';
import { errorCode } from '../../api/errors.ts';
import type { PublicChapterComments as Page } from '../../shared/community-payloads.ts';
import { messageFor } from '../../shared/messages.ro.ts';
import './community.css';
import { PublicCommentItem as Comment } from './PublicCommentItem.tsx';

export default function PublicChapterComments({ chapterId }: { chapterId: number }) {
  const [page, setPage] = useState<Page | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    getPublicChapterComments(chapterId).then(setPage, (err: unknown) => setError(errorCode(err)));
  }, [chapterId]);

  return (
    <section className="comment-thread" aria-labelledby="public-comments-title" data-testid="public-chapter-comments">
      <h2 id="public-comments-title" className="comment-thread__title">
        Discuția capitolului {page ? <span className="muted">({page.total})</span> : null}
      </h2>
      <p>
        <a href="/conectare" className="btn btn--ghost btn--small">
          Intră în cont ca să comentezi
        </a>
      </p>
      {error ? <p role="alert">{messageFor(error)}</p> : null}
      {!page && !error ? (
        <p className="muted" aria-busy="true">
          Se încarcă discuția…
        </p>
      ) : null}
      {page && page.comments.length === 0 ? <p className="muted">Niciun comentariu încă. Intră în cont și fii primul care întreabă.</p> : null}
      {page?.comments.length ? (
        <ol className="comment-thread__list">
          {page.comments.map((t) => (
            <li key={t.id} className="comment-thread__item">
              <Comment c={t} />
              {t.replies.length ? (
                <ol className="comment-thread__replies">
                  {t.replies.map((r) => (
                    <li key={r.id}>
                      <Comment c={r} reply />
                    </li>
                  ))}
                </ol>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
      {page && page.total > page.comments.length ? (
        <p className="muted">
          Încă {page.total - page.comments.length} în discuție — <a href="/conectare">intră în cont</a> ca să le vezi pe toate.
        </p>
      ) : null}
    </section>
  );
}
