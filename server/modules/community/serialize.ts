// Rows to payloads (src/shared/community-payloads.ts). A deleted comment shows neither text nor
// author; a team reply shows the team, not the admin who wrote it.
import type { CommentPayload, CommunityPerson } from '../../../src/shared/community-payloads.ts';
import type { CommentRow } from './queries.ts';

export const avatarSrc = (file: string | null) => (file ? `/media/avatars/${file}` : null);
export const iso = (d: Date | string) => new Date(d).toISOString();
export const isoOrNull = (d: Date | string | null) => (d ? iso(d) : null);

export function person(id: number | null, name: string | null, avatar: string | null): CommunityPerson | null {
  return id === null || name === null ? null : { id, name, avatar_thumb_src: avatarSrc(avatar) };
}

export function toComment(r: CommentRow, viewerId: number): CommentPayload {
  const deleted = r.deleted_at !== null;
  return {
    id: r.id,
    parent_id: r.parent_id,
    target: r.grid_id !== null ? { type: 'grid', id: r.grid_id } : { type: 'chapter', id: r.chapter_id! },
    author: deleted || r.is_team ? null : person(r.author_id, r.author_name, r.avatar_thumb_path),
    is_team: r.is_team,
    body: deleted ? '' : r.body,
    deleted,
    hidden: r.is_hidden,
    pinned: r.is_pinned,
    votes: r.vote_count,
    reply_count: r.reply_count,
    created_at: iso(r.created_at),
    edited_at: isoOrNull(r.edited_at),
    mine: r.author_id !== null && r.author_id === viewerId,
    voted: Boolean(r.voted),
    reported: Boolean(r.reported),
  };
}
