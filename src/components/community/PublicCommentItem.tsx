// One comment shown read-only to a visitor: on /comunitate (PublicThreads.tsx) and under a free
// chapter (PublicChapterComments.tsx). Text is shown as text; hidden and deleted comments never
// come from the server.
import type { PublicComment } from '../../shared/community-payloads.ts';
import { formatWhen } from './format.ts';
import { useProduct } from '../../shell/useProduct.ts';

export function PublicCommentItem({ c, reply }: { c: PublicComment; reply?: boolean }) {
  const product = useProduct();
  const name = c.is_team ? `Echipa ${product}` : (c.author_name ?? 'Cont șters');
  return (
    <article className={`comment${c.is_team ? ' comment--team' : ''}${reply ? ' comment--reply' : ''}`}>
      <header className="comment__head">
        {c.avatar_thumb_src ? (
          <img className="comment__avatar" src={c.avatar_thumb_src} alt="" width={28} height={28} loading="lazy" />
        ) : (
          <span className="comment__avatar comment__avatar--initial" aria-hidden="true">
            {(c.is_team ? product : name).slice(0, 1)}
          </span>
        )}
        <strong className="comment__name">{name}</strong>
        {c.is_team ? <span className="comment__tag">echipa</span> : null}
        <time className="comment__when muted" dateTime={c.created_at}>
          {formatWhen(c.created_at)}
        </time>
      </header>
      <p className="comment__body">{c.body}</p>
      <p className="comment__actions muted">
        <span aria-label={`${c.votes} voturi`}>▲ {c.votes}</span>
      </p>
    </article>
  );
}
