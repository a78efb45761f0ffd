// Friends (server/modules/friends): the viewer's friends and requests, people search, blocks.
import { api } from './client.ts';
import type { Relation } from '../shared/friend-rules.ts';

export type Person = { id: number; name: string; avatar_thumb_src: string | null };
export type Friend = Person & { since: string };
export type PendingRequest = Person & { created_at: string };
export type FoundPerson = Person & { relation: Relation };
export type FriendsOverview = {
  invitation_code: string;
  friends: Friend[];
  incoming: PendingRequest[];
  outgoing: PendingRequest[];
};
type Done = { success: string; user_id: number };

export const getFriends = (): Promise<FriendsOverview> => api.get('friends');
export const searchPeople = (q: string): Promise<{ users: FoundPerson[] }> =>
  api.get('friends/search', { q });
export const sendFriendRequest = (userId: number): Promise<Done> =>
  api.post('friends/requests', { user_id: userId });
export const acceptFriendRequest = (userId: number): Promise<Done> =>
  api.post(`friends/requests/${userId}/accept`);
export const rejectFriendRequest = (userId: number): Promise<Done> =>
  api.post(`friends/requests/${userId}/reject`);
export const cancelFriendRequest = (userId: number): Promise<Done> =>
  api.delete(`friends/requests/${userId}`);
export const removeFriend = (userId: number): Promise<Done> => api.delete(`friends/${userId}`);
export const getBlocked = (): Promise<{ blocked: PendingRequest[] }> => api.get('friends/blocks');
export const blockUser = (userId: number): Promise<Done> => api.post('friends/blocks', { user_id: userId });
export const unblockUser = (userId: number): Promise<Done> => api.delete(`friends/blocks/${userId}`);
