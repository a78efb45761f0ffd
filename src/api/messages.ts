// Direct messages (server/modules/messages): conversations, history, send, seen, one message.
import { api } from './client.ts';
import type {
  ConversationsResponse,
  HistoryResponse,
  MessageResponse,
  SeenResponse,
} from '../shared/message-payloads.ts';

export const getConversations = (): Promise<ConversationsResponse> => api.get('message/convos');
export const getHistory = (friendId: number, before?: string): Promise<HistoryResponse> =>
  api.get(`message/convo/${friendId}`, before ? { before } : undefined);
export const postMessage = (
  friendId: number,
  body: { id: string; text: string; grid_id?: number | null },
): Promise<MessageResponse> => api.post(`message/convo/${friendId}`, body);
export const postSeen = (friendId: number): Promise<SeenResponse> => api.post(`message/convo/${friendId}/seen`);
export const getMessage = (id: string): Promise<MessageResponse> => api.get(`message/${id}`);
