// What the messages API answers and what travels on `private-user.{id}` (issue 7 §3, SPEC §3
// Message / Conversation). One definition for server/modules/messages and the app.

/** A grid shared into a conversation: enough for its card; the grid itself is read from /grids/{id}. */
export type SharedGridPayload = { id: number; statement: string; premium: boolean };

/** One message. friend_id is the recipient, sender_id the author. Text is plain text, never HTML. */
export type MessagePayload = {
  id: string;
  sender_id: number;
  friend_id: number;
  text: string;
  grid: SharedGridPayload | null;
  created_at: string;
  seen_at: string | null;
};

/** The other person of a conversation (their public data only). */
export type ConvoFriendPayload = { id: number; name: string; avatar_thumb_src: string | null };

export type ConversationPayload = {
  friend: ConvoFriendPayload;
  last_message: MessagePayload;
  /** Messages from the friend to me not seen yet. */
  unread: number;
};

export type ConversationsResponse = { conversations: ConversationPayload[] };
/** A page of history, oldest first; has_more says whether older messages exist before it. */
export type HistoryResponse = {
  friend: ConvoFriendPayload;
  messages: MessagePayload[];
  has_more: boolean;
  /** False for a former friend: the history stays readable, sending is closed (issue 23 §3). */
  can_send: boolean;
};
export type MessageResponse = { message: MessagePayload };
export type SeenResponse = { seen: number; seen_at: string };

/** Realtime events on both users' `private-user.{id}` channels. */
export const MESSAGE_EVENT = 'message';
export const SEEN_EVENT = 'seen';
export type MessageEventPayload = MessagePayload;
/** friend_id (the reader) saw the messages sender_id sent them, up to seen_at. */
export type SeenEventPayload = { friend_id: number; sender_id: number; seen_at: string };
