// Account calls: profile lists and completion, name, avatar, email, password, preferences,
// and the contact form.
import { api } from './client.ts';
import type { ProfileLists, User } from '../shared/types.ts';
import type { CompleteProfileBody } from '../shared/validation.ts';

export type SuccessResponse = { success: string };
export type UserResponse = { success: string; user?: User };
/** manual_ids: one or more (issue 32 §5); the server still takes a lone manual_id from older clients. */
export type ProfilePayload = CompleteProfileBody;

export function getCurrentUser(): Promise<User> {
  return api.get<{ user: User }>('user').then((res) => res.user);
}

export function getProfileLists(): Promise<ProfileLists> {
  return api.get<ProfileLists>('profile/lists');
}

export function completeProfile(body: ProfilePayload): Promise<UserResponse> {
  return api.put<UserResponse>('user/profile', body);
}

export function updateName(name: string, callName?: string | null): Promise<UserResponse> {
  return api.put<UserResponse>('user/name', callName === undefined ? { name } : { name, call_name: callName });
}

export function uploadAvatar(file: File): Promise<UserResponse> {
  const body = new FormData();
  body.append('avatar', file, file.name);
  return api.upload<UserResponse>('user/avatar', body);
}

export function deleteAvatar(): Promise<UserResponse> {
  return api.delete<UserResponse>('user/avatar');
}

export function changeEmail(body: { email: string; password?: string }): Promise<UserResponse> {
  return api.put<UserResponse>('user/email', body);
}

export function changePassword(body: { current_password: string; password: string; password_confirmation: string }): Promise<SuccessResponse> {
  return api.put<SuccessResponse>('user/password', body);
}

export function updatePreferences(body: { sound_effects: boolean }): Promise<UserResponse> {
  return api.put<UserResponse>('user/preferences', body);
}


export function sendContactMessage(body: { name: string; email: string; message: string; captcha?: string }): Promise<SuccessResponse> {
  return api.post<SuccessResponse>('contact', body);
}
