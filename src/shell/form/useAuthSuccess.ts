// What every successful sign-in does (email/password, Google, registration): store the token,
// set the user (flags, theme), show the toast and move on.
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { AuthResponse } from '../../shared/types.ts';
import { STORAGE } from '../../shared/storage-keys.ts';
import { getItem, setItem } from '../../state/storage.ts';
import { setUser } from '../../state/user.ts';
import { showToast } from '../../state/toast.ts';
import { afterLoginPath } from './auth-redirect.ts';

export function storeSession(res: AuthResponse): void {
  setItem(STORAGE.token, res.token);
  setUser(res.user);
}

/** Returns `complete(res, to?)`: stores the session, toasts, navigates (default: redirect/flags). */
export function useAuthSuccess() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return useCallback(
    (res: AuthResponse, options: { to?: string; toast?: string } = {}) => {
      storeSession(res);
      showToast(options.toast ?? 'LOGIN_SUCCESSFUL', 'success');
      const to = options.to ?? afterLoginPath(res.user, params.get('redirect'), getItem(STORAGE.redirect));
      navigate(to, { replace: true });
    },
    [navigate, params],
  );
}
