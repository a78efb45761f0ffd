// Community (server/modules/community): comments, the community lists, proposals, moderation.
import { api } from './client.ts';
import type {
  CommentPayload,
  CommentsPage,
  ProposalPayload,
  ProposalsPage,
  PublicChapterComments,
  PublicThreads,
  ReportQueue,
  ThreadsPage,
  VoteResult,
} from '../shared/community-payloads.ts';
import type { CommentTargetType, ProposalStatus, ThreadSort } from '../shared/community-rules.ts';

export type CommentTarget = { type: CommentTargetType; id: number };
type Sent = { success: string; comment: CommentPayload };
type Done = { success: string; id: number };

export const getComments = (t: CommentTarget, page = 1): Promise<CommentsPage> =>
  api.get('comments', { target_type: t.type, target_id: String(t.id), page: String(page) });
export const postComment = (t: CommentTarget, body: string, parentId?: number): Promise<Sent> =>
  api.post('comments', { target_type: t.type, target_id: t.id, body, ...(parentId ? { parent_id: parentId } : {}) });
export const editComment = (id: number, body: string): Promise<Sent> => api.patch(`comments/${id}`, { body });
export const deleteComment = (id: number): Promise<Done & { placeholder: boolean }> => api.delete(`comments/${id}`);
export const voteComment = (id: number): Promise<VoteResult> => api.post(`comments/${id}/vote`);
export const reportComment = (id: number, reason: string): Promise<Done> => api.post(`comments/${id}/report`, { reason });

export const getThreads = (sort: ThreadSort, page = 1): Promise<ThreadsPage> =>
  api.get('community/threads', { sort, page: String(page) });
export const getPublicThreads = (): Promise<PublicThreads> => api.get('community/public');
export const getPublicChapterComments = (chapterId: number): Promise<PublicChapterComments> =>
  api.get(`community/public/chapters/${chapterId}/comments`);

export const getProposals = (sort: 'top' | 'new', page = 1): Promise<ProposalsPage> =>
  api.get('proposals', { sort, page: String(page) });
export const postProposal = (title: string, description: string): Promise<{ success: string; proposal: ProposalPayload }> =>
  api.post('proposals', { title, description });
export const voteProposal = (id: number): Promise<VoteResult> => api.post(`proposals/${id}/vote`);

export const getReportQueue = (): Promise<ReportQueue> => api.get('admin/community/reports');
export const setCommentHidden = (id: number, hidden: boolean): Promise<Done> =>
  api.post(`admin/community/comments/${id}/hidden`, { hidden });
export const setCommentPinned = (id: number, pinned: boolean): Promise<Done> =>
  api.post(`admin/community/comments/${id}/pinned`, { pinned });
export const dismissReports = (id: number): Promise<Done> => api.post(`admin/community/comments/${id}/dismiss`);
export const teamReply = (id: number, body: string): Promise<Sent> =>
  api.post(`admin/community/comments/${id}/team-reply`, { body });
export const setProposalStatus = (id: number, status: ProposalStatus): Promise<{ success: string; proposal: ProposalPayload }> =>
  api.post(`admin/community/proposals/${id}/status`, { status });
