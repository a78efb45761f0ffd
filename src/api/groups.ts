// Group tests (server/modules/groups): create, lobby actions, answers, results, history.
import { api } from './client.ts';
import type { CreateGroupBody } from '../shared/group-schema.ts';
import type { GroupHistoryItem, GroupResults, GroupState } from '../shared/group-payloads.ts';
import type { TestCreatedResponse } from '../shared/practice-payloads.ts';

type Done = { success: string };
const g = (hash: string) => `groups/${encodeURIComponent(hash)}`;

export const createGroup = (body: CreateGroupBody) => api.post<Done & { hash: string }>('groups', body);
export const fetchGroup = (hash: string) => api.get<GroupState>(g(hash));
export const joinGroup = (hash: string) => api.post<{ hash: string }>(`${g(hash)}/join`);
export const joinByCode = (code: string) => api.post<{ hash: string }>('groups/join', { code });
export const setReady = (hash: string, ready: boolean) => api.post<{ ready: boolean }>(`${g(hash)}/ready`, { ready });
export const startGroup = (hash: string) => api.post<{ started: boolean }>(`${g(hash)}/start`);
export const kickMember = (hash: string, userId: number) => api.post<Done>(`${g(hash)}/kick`, { user_id: userId });
export const makeCreator = (hash: string, userId: number) => api.post<Done>(`${g(hash)}/creator`, { user_id: userId });
export const inviteFriend = (hash: string, userId: number) => api.post<Done>(`${g(hash)}/invite`, { user_id: userId });
export const stopGroup = (hash: string) => api.post<Done>(`${g(hash)}/stop`);
export const leaveGroup = (hash: string) => api.post<Done>(`${g(hash)}/leave`);
export const answerGrid = (hash: string, position: number, id: string, marked: string[]) =>
  api.put<{ answer: { position: number; marked: string[]; received_at: string } }>(`${g(hash)}/answers/${position}`, { id, marked });
export const fetchGroupResults = (hash: string) => api.get<GroupResults>(`${g(hash)}/results`);
export const retestGroup = (hash: string) => api.post<TestCreatedResponse>(`${g(hash)}/retest`);
/** A friend and whether they can be invited (group tests need Premium). */
export type GroupFriend = { id: number; name: string; premium: boolean };
export const fetchGroupFriends = () => api.get<{ friends: GroupFriend[] }>('groups/friends');
export const fetchGroupHistory = () => api.get<{ groups: GroupHistoryItem[] }>('groups');
