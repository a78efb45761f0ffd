// What the community endpoints answer (issue 7 §5), one definition for the server and the app.
// Never an e-mail: a person in the community is a name and an avatar.
import type { CommentTargetType, ProposalStatus } from './community-rules.ts';

export type CommunityPerson = { id: number; name: string; avatar_thumb_src: string | null };

export type CommentPayload = {
  id: number;
  parent_id: number | null;
  target: { type: CommentTargetType; id: number };
  /** null for a team reply (shown as "Echipa {product}"), a deleted comment or a deleted account. */
  author: CommunityPerson | null;
  is_team: boolean;
  /** Empty when deleted (the "comentariu șters" placeholder kept for its replies). */
  body: string;
  deleted: boolean;
  /** Only the author and admins ever receive a hidden comment. */
  hidden: boolean;
  pinned: boolean;
  votes: number;
  reply_count: number;
  created_at: string;
  edited_at: string | null;
  /** The viewer's own relation to it. */
  mine: boolean;
  voted: boolean;
  reported: boolean;
};

export type CommentThreadPayload = CommentPayload & { replies: CommentPayload[] };

export type CommentsPage = {
  comments: CommentThreadPayload[];
  total: number;
  page: number;
  page_size: number;
};

/** Where a thread lives, for links from the community lists. */
export type CommentTargetInfo = {
  type: CommentTargetType;
  id: number;
  /** Grid: the statement's beginning; chapter: its title. */
  title: string;
  manual_slug: string;
  chapter_slug: string;
  premium: boolean;
};

export type ThreadSummary = CommentThreadPayload & { target_info: CommentTargetInfo };
export type ThreadsPage = { threads: ThreadSummary[]; page: number; page_size: number; has_more: boolean };

/** The public /comunitate list: read-only, no viewer fields, no ids of people. */
export type PublicComment = {
  id: number;
  author_name: string | null;
  avatar_thumb_src: string | null;
  is_team: boolean;
  body: string;
  votes: number;
  created_at: string;
};
export type PublicThread = PublicComment & {
  reply_count: number;
  replies: PublicComment[];
  target_info: Omit<CommentTargetInfo, 'premium'>;
};
export type PublicThreads = { threads: PublicThread[] };
/** GET /community/public/chapters/{id}/comments: a free chapter's discussion for visitors (first page). */
export type PublicChapterComments = { comments: Array<PublicComment & { replies: PublicComment[] }>; total: number };

export type VoteResult = { voted: boolean; votes: number };

export type ProposalPayload = {
  id: number;
  title: string;
  description: string;
  status: ProposalStatus;
  votes: number;
  author: CommunityPerson | null;
  created_at: string;
  status_changed_at: string | null;
  mine: boolean;
  voted: boolean;
};
export type ProposalsPage = { proposals: ProposalPayload[]; page: number; page_size: number; has_more: boolean };

export type ReportedComment = {
  comment: CommentPayload & { author_id: number | null; author_name: string | null };
  target_info: CommentTargetInfo;
  open_reports: number;
  reasons: Array<{ reason: string; created_at: string }>;
  first_reported_at: string;
};
export type ReportQueue = { items: ReportedComment[] };

/**
 * Live threads: each grid's and chapter's discussion has a private channel (authorised to whoever
 * may read that discussion, so a premium grid's stays with premium readers). Its event names the
 * change by ids only; each viewer then reads the thread again with GET /comments, which applies
 * their own visibility (hidden comments, the author's own, admins).
 */
export const COMMENTS_EVENT = 'comments.changed';
export const commentsChannel = (type: 'grid' | 'chapter', id: number) => `private-comments.${type}.${id}`;
export type CommentsChangedEvent = {
  target_type: 'grid' | 'chapter';
  target_id: number;
  comment_id: number;
  action: 'created' | 'updated' | 'deleted' | 'voted' | 'moderated';
};
