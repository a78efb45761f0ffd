// The read-only list of /comunitate (issue 7 §5): the most useful recent threads on free content,
// read after the page shows (the server renders the page without it; nothing here is needed for
// the first paint or for search engines). Text is shown as text.
import { useEffect, useState } from 'react';
import { Link } from '../../../router/Link.tsx';
import { getPublicThreads } from '../../../api/community.ts';
import { errorCode } from '../../../api/errors.ts';
import type { PublicThread } from '../../../shared/community-payloads.ts';
import { messageFor } from '../../../shared/messages.ro.ts';
import '../../../components/community/community.css';
import { PublicCommentItem as Comment } from '../../../components/community/PublicCommentItem.tsx';

export function PublicThreads() {
  const [threads, setThreads] = useState<PublicThread[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    getPublicThreads().then(
      (r) => setThreads(r.threads),
      (err: unknown) => setError(errorCode(err)),
    );
  }, []);

  return (
    <section className="public-threads" aria-labelledby="public-threads-title">
      <h2 id="public-threads-title">Discuții utile din comunitate</h2>
      {error ? <p role="alert">{messageFor(error)}</p> : null}
      {!threads && !error ? <p className="muted" aria-busy="true">Se încarcă discuțiile…</p> : null}
      {threads && threads.length === 0 ? <p className="empty-state">Încă nu sunt discuții publice. Fii primul care întreabă.</p> : null}
      <ol className="public-threads__list">
        {threads?.map((t) => (
          <li key={t.id} className="public-thread card" data-thread-id={t.id}>
            <p className="public-thread__where">
              <span className="comment__tag">{t.target_info.type === 'grid' ? 'Grilă' : 'Capitol'}</span>{' '}
              {t.target_info.type === 'chapter' ? (
                <Link to={`/cursuri/${encodeURIComponent(t.target_info.manual_slug)}/${encodeURIComponent(t.target_info.chapter_slug)}`}>{t.target_info.title}</Link>
              ) : (
                <span>{t.target_info.title}</span>
              )}
            </p>
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
            {t.reply_count > t.replies.length ? (
              <p className="muted public-thread__more">
                încă {t.reply_count - t.replies.length} {t.reply_count - t.replies.length === 1 ? 'răspuns' : 'răspunsuri'} —{' '}
                <Link to="/conectare">conectează-te</Link> ca să le citești și să participi
              </p>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
