// Payload and entity types shared by the API and the app (SPEC §3).
import type { Theme } from './constants.ts';

export type User = {
  id: number;
  name: string;
  /** What to call the person (greetings, invitations); null: the full name is used (issue 23 §3). */
  call_name?: string | null;
  email: string;
  avatar_thumb_src: string | null;
  avatar_src: string | null;
  remaining_premium_days: number;
  is_premium: boolean;
  is_admin: boolean;
  theme: Theme;
  /** The first of manual_ids: what a screen about one manual starts with. */
  manual_id: number | null;
  /** Every manual the candidate learns from (issue 32 §5), in their order; empty before the profile. */
  manual_ids: number[];
  specialization_id: number | null;
  center_id: number | null;
  email_verified_at: string | null;
  last_notification_seen_date: string | null;
  acknowledged_info_banner: boolean;
  auth_provider: 'password' | 'google' | 'partner';
  sound_effects: boolean;
  created_at: string;
};

export type LayoutCounts = { messages: number; friendships: number; notifications: number };
export type TestsCount = { abandoned: number; finished: number; unfinished: number };

export type NotificationItem = { id: number; title: string; message: string; type: string; created_at: string };

export type CookiePreferences = { essential: true; statistics: boolean };

export type ToastType = 'error' | 'success' | 'warning';
export type Toast = {
  id: number;
  code: string;
  type: ToastType;
  duration: number;
  /** Times the same code and type was shown again while this toast was up (restarts its timer). */
  repeats?: number;
};

export type ListItem = { id: number; name: string };
export type ProfileLists = { manuals: ListItem[]; specializations: ListItem[]; centers: ListItem[] };

export type AuthResponse = { success: string; token: string; user: User };
