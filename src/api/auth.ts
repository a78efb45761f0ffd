// Authentication calls: register, login, Google, email confirmation and password reset.
import { api } from './client.ts';
import type { AuthResponse } from '../shared/types.ts';

export type LoginPayload = { email: string; password: string; captcha?: string };
export type RegisterPayload = { name: string; email: string; password: string; terms: true; captcha?: string; referral_code?: string };
export type ResetPasswordPayload = { token: string; password: string; password_confirmation: string };
export type SuccessResponse = { success: string };

export function login(body: LoginPayload): Promise<AuthResponse> {
  return api.post<AuthResponse>('auth/login', body);
}

export function register(body: RegisterPayload): Promise<AuthResponse> {
  return api.post<AuthResponse>('auth/register', body);
}

export function loginWithGoogle(credential: string): Promise<AuthResponse> {
  return api.post<AuthResponse>('auth/google', { credential });
}

/** Sends the confirmation email again (signed in). */
export function resendVerificationEmail(): Promise<SuccessResponse> {
  return api.post<SuccessResponse>('auth/email/resend');
}

export function confirmEmail(hash: string): Promise<SuccessResponse> {
  return api.post<SuccessResponse>('auth/email/confirm', { hash });
}

export function forgotPassword(body: { email: string; captcha?: string }): Promise<SuccessResponse> {
  return api.post<SuccessResponse>('auth/password/forgot', body);
}

export function resetPassword(body: ResetPasswordPayload): Promise<SuccessResponse> {
  return api.post<SuccessResponse>('auth/password/reset', body);
}
