// Community (issue 7 §5, SPEC §5 comment rules): the bounds of a comment and of a feature
// proposal, and the request schemas, shared by the app's forms and the server's community module.
import { z } from 'zod';
import { id, idParam, intQuery, text } from './input-rules.ts';
import { reportReason } from './validation.ts';

export const COMMENT_MIN = 2;
export const COMMENT_MAX = 2000;
export const PROPOSAL_TITLE_MIN = 5;
export const PROPOSAL_TITLE_MAX = 120;
export const PROPOSAL_DESCRIPTION_MIN = 10;
export const PROPOSAL_DESCRIPTION_MAX = 2000;
/** Top-level comments per page under one grid or chapter; threads per page in the community lists. */
export const COMMENTS_PAGE_SIZE = 20;
/** Replies returned with each top-level comment (the rest are counted in reply_count). */
export const REPLIES_SHOWN_MAX = 50;
export const PROPOSALS_PAGE_SIZE = 20;
/** Threads on the public /comunitate page. */
export const PUBLIC_THREADS_MAX = 20;

export const COMMENT_TARGETS = ['grid', 'chapter'] as const;
export type CommentTargetType = (typeof COMMENT_TARGETS)[number];

export const PROPOSAL_STATUSES = ['proposed', 'planned', 'in_progress', 'done'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];
export const PROPOSAL_STATUS_LABELS: Record<ProposalStatus, string> = {
  proposed: 'Propusă',
  planned: 'Planificată',
  in_progress: 'În lucru',
  done: 'Gata',
};

export const commentBody = text(
  { required: 'FORM_COMMENT_REQUIRED', short: 'FORM_COMMENT_TOO_SHORT', long: 'FORM_COMMENT_TOO_LONG' },
  COMMENT_MIN,
  COMMENT_MAX,
);
export const proposalTitle = text(
  { required: 'FORM_TITLE_REQUIRED', short: 'FORM_TITLE_TOO_SHORT', long: 'FORM_TITLE_TOO_LONG' },
  PROPOSAL_TITLE_MIN,
  PROPOSAL_TITLE_MAX,
);
export const proposalDescription = text(
  { required: 'FORM_DESCRIPTION_REQUIRED', short: 'FORM_DESCRIPTION_TOO_SHORT', long: 'FORM_DESCRIPTION_TOO_LONG' },
  PROPOSAL_DESCRIPTION_MIN,
  PROPOSAL_DESCRIPTION_MAX,
);

const targetType = z.enum(COMMENT_TARGETS, { error: 'FORM_COMMENT_TARGET_INVALID' });
const page = intQuery(1, 10_000).optional();

/** GET /comments: the top-level comments under one grid or chapter, a page at a time. */
export const commentsQuery = z.object({
  target_type: targetType,
  target_id: idParam('FORM_COMMENT_TARGET_INVALID'),
  page,
});
export type CommentsQuery = z.output<typeof commentsQuery>;

/** POST /comments: a new comment, or a reply when parent_id is given (the target is then the parent's). */
export const newCommentBody = z.object({
  target_type: targetType,
  target_id: id('FORM_COMMENT_TARGET_INVALID'),
  parent_id: id('FORM_COMMENT_NOT_FOUND').optional(),
  body: commentBody,
});
export type NewCommentBody = z.input<typeof newCommentBody>;

export const editCommentBody = z.object({ body: commentBody });
export const teamReplyBody = z.object({ body: commentBody });
export const reportCommentBody = z.object({ reason: reportReason });
export const commentParams = z.object({ id: idParam('FORM_COMMENT_NOT_FOUND') });
export const chapterParams = z.object({ id: idParam('FORM_CHAPTER_NOT_FOUND') });

export const THREAD_SORTS = ['useful', 'recent'] as const;
export type ThreadSort = (typeof THREAD_SORTS)[number];
export const threadsQuery = z.object({
  sort: z.enum(THREAD_SORTS, { error: 'FIELD_INVALID' }).optional(),
  page,
});

export const newProposalBody = z.object({ title: proposalTitle, description: proposalDescription });
export type NewProposalBody = z.input<typeof newProposalBody>;
export const PROPOSAL_SORTS = ['top', 'new'] as const;
export const proposalsQuery = z.object({
  sort: z.enum(PROPOSAL_SORTS, { error: 'FIELD_INVALID' }).optional(),
  status: z.enum(PROPOSAL_STATUSES, { error: 'FORM_PROPOSAL_STATUS_INVALID' }).optional(),
  page,
});
export const proposalParams = z.object({ id: idParam('FORM_PROPOSAL_NOT_FOUND') });
export const proposalStatusBody = z.object({
  status: z.enum(PROPOSAL_STATUSES, { error: 'FORM_PROPOSAL_STATUS_INVALID' }),
});

/** Admin switches: hide/unhide, pin/unpin. */
export const hiddenBody = z.object({ hidden: z.boolean({ error: 'FIELD_INVALID' }) });
export const pinnedBody = z.object({ pinned: z.boolean({ error: 'FIELD_INVALID' }) });
