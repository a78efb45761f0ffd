// One comment of a thread: who wrote it (or "Echipa {product}"), when, its text as text (never
// markup: React escapes it), and what the viewer may do with it: vote, reply, edit and delete
// their own, report someone else's. A deleted comment kept for its replies says so and nothing more.
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import * as communityApi from '../../api/community.ts';
import { errorCode } from '../../api/errors.ts';
import { showToast } from '../../state/toast.ts';
import { commentsState, dropComment, patchComment } from '../../state/comments.ts';
import { useProduct } from '../../shell/useProduct.ts';
import { COMMENT_MAX, commentBody } from '../../shared/community-rules.ts';
import { reportReason } from '../../shared/validation.ts';
import { REPORT_REASON_MAX } from '../../shared/constants.ts';
import { CommentForm } from './CommentForm.tsx';
import { formatWhen } from './format.ts';
import { messageFor } from '../../shared/messages.ro.ts';

type Mode = 'view' | 'edit' | 'reply' | 'report';

export function CommentItem(props: { id: number; onReply: (text: string, parentId: number) => Promise<void>; readOnly?: boolean }) {
  const snap = useSnapshot(commentsState);
  const c = snap.byId[props.id];
  const product = useProduct();
  const [mode, setMode] = useState<Mode>('view');
  const [busy, setBusy] = useState(false);
  if (!c) return null;

  const run = async (call: () => Promise<void>) => {
    setBusy(true);
    try {
      await call();
    } catch (err) {
      showToast(errorCode(err), 'error');
    } finally {
      setBusy(false);
    }
  };
  const vote = () =>
    run(async () => {
      const r = await communityApi.voteComment(c.id);
      patchComment(c.id, { voted: r.voted, votes: r.votes });
    });
  const remove = () => {
    if (!window.confirm('Ștergi comentariul?')) return;
    void run(async () => {
      const r = await communityApi.deleteComment(c.id);
      dropComment(c.id, r.placeholder);
      showToast(r.success);
    });
  };

  const name = c.is_team ? `Echipa ${product}` : (c.author?.name ?? (c.deleted ? '' : 'Cont șters'));
  return (
    <article
      className={`comment${c.is_team ? ' comment--team' : ''}${c.hidden ? ' comment--hidden' : ''}${c.parent_id ? ' comment--reply' : ''}`}
      data-comment-id={c.id}
      aria-label={c.deleted ? 'Comentariu șters' : `Comentariu de la ${name}`}
    >
      {c.deleted ? (
        <p className="comment__deleted muted">comentariu șters</p>
      ) : (
        <>
          <header className="comment__head">
            {c.author?.avatar_thumb_src ? (
              <img className="comment__avatar" src={c.author.avatar_thumb_src} alt="" width={28} height={28} />
            ) : (
              <span className="comment__avatar comment__avatar--initial" aria-hidden="true">
                {c.is_team ? product.slice(0, 1) : (name.slice(0, 1) || '?')}
              </span>
            )}
            <strong className="comment__name">{name}</strong>
            {c.is_team ? <span className="comment__tag">echipa</span> : null}
            {c.pinned ? <span className="comment__tag comment__tag--pin">fixat</span> : null}
            {c.hidden ? <span className="comment__tag comment__tag--hidden">ascuns de moderatori</span> : null}
            <time className="comment__when muted" dateTime={c.created_at}>
              {formatWhen(c.created_at)}
              {c.edited_at ? ' · editat' : ''}
            </time>
          </header>
          {mode === 'edit' ? (
            <CommentForm
              label="Modifică comentariul"
              submitLabel="Salvează"
              schema={commentBody}
              max={COMMENT_MAX}
              initial={c.body}
              autoFocus
              onCancel={() => setMode('view')}
              onSubmit={async (text) => {
                const r = await communityApi.editComment(c.id, text);
                patchComment(c.id, r.comment);
                showToast(r.success);
                setMode('view');
              }}
            />
          ) : (
            <p className="comment__body">{c.body}</p>
          )}
        </>
      )}
      {!c.deleted && !props.readOnly && mode !== 'edit' ? (
        <div className="comment__actions">
          <button
            type="button"
            className={`comment__vote${c.voted ? ' comment__vote--on' : ''}`}
            aria-pressed={c.voted}
            aria-label={`Util (${c.votes} ${c.votes === 1 ? 'vot' : 'voturi'})`}
            disabled={busy || c.mine}
            title={c.mine ? messageFor('FORM_COMMENT_OWN_VOTE', product) : undefined}
            onClick={vote}
          >
            <span aria-hidden="true">▲</span> <span className="comment__votes">{c.votes}</span>
          </button>
          <button type="button" className="comment__action" onClick={() => setMode(mode === 'reply' ? 'view' : 'reply')}>
            Răspunde
          </button>
          {c.mine ? (
            <>
              <button type="button" className="comment__action" onClick={() => setMode('edit')}>
                Editează
              </button>
              <button type="button" className="comment__action" onClick={remove} disabled={busy}>
                Șterge
              </button>
            </>
          ) : c.reported ? (
            <span className="comment__action muted">raportat</span>
          ) : (
            <button type="button" className="comment__action" onClick={() => setMode(mode === 'report' ? 'view' : 'report')}>
              Raportează
            </button>
          )}
        </div>
      ) : null}
      {mode === 'reply' ? (
        <CommentForm
          label={`Răspunde${c.is_team ? '' : ` lui ${name}`}`}
          submitLabel="Trimite răspunsul"
          schema={commentBody}
          max={COMMENT_MAX}
          autoFocus
          rows={2}
          onCancel={() => setMode('view')}
          onSubmit={async (text) => {
            await props.onReply(text, c.id);
            setMode('view');
          }}
        />
      ) : null}
      {mode === 'report' ? (
        <CommentForm
          label="De ce raportezi comentariul?"
          submitLabel="Trimite raportarea"
          schema={reportReason}
          max={REPORT_REASON_MAX}
          autoFocus
          rows={2}
          onCancel={() => setMode('view')}
          onSubmit={async (text) => {
            const r = await communityApi.reportComment(c.id, text);
            patchComment(c.id, { reported: true });
            showToast(r.success);
            setMode('view');
          }}
        />
      ) : null}
    </article>
  );
}
