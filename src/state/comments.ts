// Comments keyed by id (SPEC §3 client state): every comment on screen lives here once, so a vote
// or an edit made in one place shows wherever that comment is drawn; a thread holds only ids.
import { proxy } from 'valtio';
import type { CommentPayload, CommentThreadPayload } from '../shared/community-payloads.ts';

export const commentsState = proxy({
  byId: {} as Record<number, CommentPayload>,
  /** Reply ids of each top-level comment, oldest first. */
  replies: {} as Record<number, number[]>,
});

export function putComment(c: CommentPayload): void {
  commentsState.byId[c.id] = c;
}

/** Stores threads as read from the server; answers their top-level ids in order. */
export function putThreads(threads: CommentThreadPayload[]): number[] {
  for (const { replies, ...root } of threads) {
    putComment(root);
    for (const r of replies) putComment(r);
    commentsState.replies[root.id] = replies.map((r) => r.id);
  }
  return threads.map((t) => t.id);
}

export function addReply(rootId: number, reply: CommentPayload): void {
  putComment(reply);
  const list = commentsState.replies[rootId] ?? [];
  if (!list.includes(reply.id)) commentsState.replies[rootId] = [...list, reply.id];
  const root = commentsState.byId[rootId];
  if (root) root.reply_count += 1;
}

export function patchComment(id: number, patch: Partial<CommentPayload>): void {
  const c = commentsState.byId[id];
  if (c) Object.assign(c, patch);
}

/** After a delete: a reply or a comment without replies goes; one with replies becomes the placeholder. */
export function dropComment(id: number, placeholder: boolean): void {
  const c = commentsState.byId[id];
  if (!c) return;
  if (placeholder) {
    Object.assign(c, { deleted: true, body: '', author: null });
    return;
  }
  if (c.parent_id !== null) {
    const list = commentsState.replies[c.parent_id] ?? [];
    commentsState.replies[c.parent_id] = list.filter((x) => x !== id);
    const root = commentsState.byId[c.parent_id];
    if (root) root.reply_count = Math.max(0, root.reply_count - 1);
  }
  delete commentsState.byId[id];
}
