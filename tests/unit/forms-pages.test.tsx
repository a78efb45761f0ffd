// Auth and account pages wired to the router and the store, with the API mocked.
import { describe, it, expect, vi, beforeEach, afterEach } from 'vitest';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { User } from '../../src/shared/types.ts';
import { messageFor } from '../../src/shared/messages.ro.ts';
import { ApiError } from '../../src/api/errors.ts';
import { app } from '../../src/state/app.ts';
import { stubFetch } from './shell-helpers.ts';

vi.mock('../../src/api/auth.ts', () => ({
  login: vi.fn(),
  register: vi.fn(),
  loginWithGoogle: vi.fn(),
  resendVerificationEmail: vi.fn(),
  confirmEmail: vi.fn(),
  forgotPassword: vi.fn(),
  resetPassword: vi.fn(),
}));
vi.mock('../../src/api/account.ts', () => ({
  getCurrentUser: vi.fn(),
  getProfileLists: vi.fn(async () => ({
    manuals: [{ id: 1, name: 'Biologie' }, { id: 4, name: 'Chimie' }],
    specializations: [{ id: 2, name: 'Medicină generală' }],
    centers: [{ id: 3, name: 'Cluj-Napoca' }],
  })),
  completeProfile: vi.fn(),
  updateName: vi.fn(),
  uploadAvatar: vi.fn(),
  deleteAvatar: vi.fn(),
  changeEmail: vi.fn(),
  changePassword: vi.fn(),
  updatePreferences: vi.fn(),
  sendContactMessage: vi.fn(),
}));

const auth = await import('../../src/api/auth.ts');
const account = await import('../../src/api/account.ts');
const { default: Login } = await import('../../src/pages/auth/Login.tsx');
const { default: Account } = await import('../../src/pages/dash/Account.tsx');
const { default: AlmostThere } = await import('../../src/pages/auth/AlmostThere.tsx');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const baseUser: User = {
  id: 7,
  name: 'Popescu Ana',
  email: 'ana@example.ro',
  avatar_thumb_src: null,
  avatar_src: null,
  remaining_premium_days: -1,
  is_premium: false,
  is_admin: false,
  theme: 'light',
  manual_id: 1,
  manual_ids: [1],
  specialization_id: 2,
  center_id: 3,
  email_verified_at: '2026-01-01T00:00:00Z',
  last_notification_seen_date: null,
  acknowledged_info_banner: true,
  auth_provider: 'password',
  sound_effects: true,
  created_at: '2026-01-01T00:00:00Z',
};

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  localStorage.clear();
  app.user = null;
  app.toasts = [];
  vi.clearAllMocks();
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

async function render(path: string, routes: Array<{ path: string; element: ReactNode }>) {
  const router = createMemoryRouter(
    [...routes, { path: '*', element: <p data-testid="landed">landed</p> }],
    { initialEntries: [path] },
  );
  await act(async () => root.render(<RouterProvider router={router} />));
  return router;
}

async function type(selector: string, value: string) {
  const el = container.querySelector(selector) as HTMLInputElement;
  const proto = el instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
  const setter = Object.getOwnPropertyDescriptor(proto, 'value')!.set!;
  await act(async () => {
    setter.call(el, value);
    el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  });
}

async function submit(form: Element | null = container.querySelector('form')) {
  await act(async () => {
    form!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
}

describe('Login page', () => {
  it('does not call the API for an invalid form', async () => {
    await render('/conectare', [{ path: '/conectare', element: <Login /> }]);
    await submit();
    expect(auth.login).not.toHaveBeenCalled();
    expect(container.textContent).toContain(messageFor('FORM_EMAIL_REQUIRED'));
  });

  it('stores the token, sets the user, toasts and follows a safe ?redirect=', async () => {
    vi.mocked(auth.login).mockResolvedValue({ success: 'LOGIN_SUCCESSFUL', token: 'tok-1', user: baseUser });
    const router = await render('/conectare?redirect=%2Ffavorite', [{ path: '/conectare', element: <Login /> }]);
    await type('input[name="email"]', 'ana@example.ro');
    await type('input[name="password"]', 'parola-buna');
    await submit();
    expect(auth.login).toHaveBeenCalledWith({ email: 'ana@example.ro', password: 'parola-buna', captcha: undefined });
    expect(localStorage.getItem('token')).toBe('tok-1');
    expect(app.user?.id).toBe(7);
    expect(app.toasts.map((t) => t.code)).toContain('LOGIN_SUCCESSFUL');
    expect(router.state.location.pathname).toBe('/favorite');
  });

  it('ignores an unsafe redirect and goes by flags', async () => {
    vi.mocked(auth.login).mockResolvedValue({ success: 'LOGIN_SUCCESSFUL', token: 't', user: { ...baseUser, email_verified_at: null } });
    const router = await render('/conectare?redirect=%2F%2Fevil.example', [{ path: '/conectare', element: <Login /> }]);
    await type('input[name="email"]', 'ana@example.ro');
    await type('input[name="password"]', 'x');
    await submit();
    expect(router.state.location.pathname).toBe('/verifica-email');
  });

  it('shows wrong credentials above the button', async () => {
    vi.mocked(auth.login).mockRejectedValue(new ApiError(422, { errors: { general: ['FORM_WRONG_CREDENTIALS'] } }));
    await render('/conectare', [{ path: '/conectare', element: <Login /> }]);
    await type('input[name="email"]', 'ana@example.ro');
    await type('input[name="password"]', 'x');
    await submit();
    expect(container.querySelector('[role="alert"]')!.textContent).toContain(messageFor('FORM_WRONG_CREDENTIALS'));
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('Almost there page', () => {
  it('requires at least one manual and the two selections, then saves (several manuals) and goes to /teste', async () => {
    app.user = { ...baseUser, manual_id: null, manual_ids: [], specialization_id: null, center_id: null };
    vi.mocked(account.completeProfile).mockResolvedValue({ success: 'PROFILE_COMPLETED', user: baseUser });
    const router = await render('/inca-un-pas', [{ path: '/inca-un-pas', element: <AlmostThere /> }]);
    await act(async () => undefined);
    await submit();
    expect(account.completeProfile).not.toHaveBeenCalled();
    expect(container.textContent).toContain(messageFor('FORM_MANUALS_REQUIRED'));
    // Biology and chemistry, ticked in any order: sent in the list's order.
    const boxes = [...container.querySelectorAll<HTMLInputElement>('input[name="manual_ids"]')];
    expect(boxes).toHaveLength(2);
    await act(async () => boxes[1]!.click());
    await act(async () => boxes[0]!.click());
    await type('select[name="specialization_id"]', '2');
    await type('select[name="center_id"]', '3');
    await submit();
    expect(account.completeProfile).toHaveBeenCalledWith({ manual_ids: [1, 4], specialization_id: 2, center_id: 3 });
    expect(localStorage.getItem('profile-completed')).toBe('1');
    expect(router.state.location.pathname).toBe('/teste');
  });
});

describe('Account page', () => {
  it('explains instead of offering a password form for Google accounts', async () => {
    app.user = { ...baseUser, auth_provider: 'google' };
    await render('/cont', [{ path: '/cont', element: <Account /> }]);
    expect(container.textContent).toContain(messageFor('FORM_PASSWORD_CHANGE_NOT_ALLOWED'));
    expect(container.querySelector('input[name="current_password"]')).toBeNull();
    // Email change does not ask a Google account for a password.
    expect(container.querySelector('#email input[name="password"]')).toBeNull();
  });

  it('offers the password form to password accounts', async () => {
    app.user = { ...baseUser };
    await render('/cont', [{ path: '/cont', element: <Account /> }]);
    expect(container.querySelector('input[name="current_password"]')).not.toBeNull();
    expect(container.querySelector('#email input[name="password"]')).not.toBeNull();
  });

  it('refuses a non-image avatar before sending it', async () => {
    app.user = { ...baseUser };
    await render('/cont', [{ path: '/cont', element: <Account /> }]);
    const fileInput = container.querySelector('input[type="file"]') as HTMLInputElement;
    const file = new File(['gif'], 'poza.gif', { type: 'image/gif' });
    Object.defineProperty(fileInput, 'files', { value: [file], configurable: true });
    await act(async () => {
      fileInput.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(container.textContent).toContain(messageFor('FORM_IMAGE_INVALID_TYPE'));
    expect(account.uploadAvatar).not.toHaveBeenCalled();
  });

  it('maps a wrong current password to its field', async () => {
    app.user = { ...baseUser };
    vi.mocked(account.changePassword).mockRejectedValue(new ApiError(422, { errors: { current_password: ['FORM_CURRENT_PASSWORD_WRONG'] } }));
    await render('/cont', [{ path: '/cont', element: <Account /> }]);
    await type('input[name="current_password"]', 'veche');
    await type('#parola input[name="password"]', 'parolanoua1');
    await type('input[name="password_confirmation"]', 'parolanoua1');
    await submit(container.querySelector('#parola form'));
    expect(account.changePassword).toHaveBeenCalledWith({ current_password: 'veche', password: 'parolanoua1', password_confirmation: 'parolanoua1' });
    const current = container.querySelector('input[name="current_password"]')!;
    expect(current.getAttribute('aria-invalid')).toBe('true');
    expect(container.textContent).toContain(messageFor('FORM_CURRENT_PASSWORD_WRONG'));
  });
});

describe('other pages', () => {
  it('render without crashing and label every input', async () => {
    app.user = { ...baseUser };
    vi.mocked(auth.confirmEmail).mockResolvedValue({ success: 'EMAIL_VERIFIED' });
    const pages: Array<[string, string, () => Promise<{ default: () => ReactNode }>]> = [
      ['/inregistrare', 'Register', () => import('../../src/pages/auth/Register.tsx')],
      ['/verifica-email', 'VerifyEmail', () => import('../../src/pages/auth/VerifyEmail.tsx')],
      ['/recuperare-parola', 'ForgotPassword', () => import('../../src/pages/auth/ForgotPassword.tsx')],
      ['/resetare-parola?token=abcdefghijkl', 'ResetPassword', () => import('../../src/pages/auth/ResetPassword.tsx')],
      ['/cont/ajutor', 'Help', () => import('../../src/pages/dash/Help.tsx')],
      ['/contact', 'Contact', () => import('../../src/pages/static/Contact.tsx')],
      ['/setari', 'Settings', () => import('../../src/pages/settings/Settings.tsx')],
      ['/setari/preferinte', 'Preferences', () => import('../../src/pages/settings/Preferences.tsx')],
    ];
    for (const [path, page, load] of pages) {
      const { default: Page } = await load();
      await render(path, [{ path: path.split('?')[0], element: <Page /> }]);
      expect(container.querySelector('h1'), page).not.toBeNull();
      for (const el of container.querySelectorAll('input:not([type="hidden"]):not([hidden]), select, textarea')) {
        const id = el.getAttribute('id');
        const labelled = (id && container.querySelector(`label[for="${CSS.escape(id)}"]`)) || el.closest('label');
        expect(labelled, `${page} ${el.getAttribute('name')}`).toBeTruthy();
      }
      act(() => root.unmount());
      root = createRoot(container);
    }
  });

  it('contact form is prefilled from the signed-in user and validates the message length', async () => {
    app.user = { ...baseUser };
    const { default: Contact } = await import('../../src/pages/static/Contact.tsx');
    await render('/contact', [{ path: '/contact', element: <Contact /> }]);
    expect((container.querySelector('input[name="name"]') as HTMLInputElement).value).toBe('Popescu Ana');
    expect((container.querySelector('input[name="email"]') as HTMLInputElement).value).toBe('ana@example.ro');
    await submit();
    expect(account.sendContactMessage).not.toHaveBeenCalled();
    expect(container.textContent).toContain(messageFor('FORM_MESSAGE_REQUIRED'));
  });

  it('confirm email posts the hash once, then refreshes the user when signed in', async () => {
    localStorage.setItem('token', 't');
    app.user = { ...baseUser, email_verified_at: null };
    vi.mocked(auth.confirmEmail).mockResolvedValue({ success: 'EMAIL_VERIFIED' });
    vi.mocked(account.getCurrentUser).mockResolvedValue(baseUser);
    const { default: ConfirmEmail } = await import('../../src/pages/auth/ConfirmEmail.tsx');
    await render('/confirma-email?hash=abcdefghijklmnop', [{ path: '/confirma-email', element: <ConfirmEmail /> }]);
    await act(async () => undefined);
    expect(auth.confirmEmail).toHaveBeenCalledTimes(1);
    expect(auth.confirmEmail).toHaveBeenCalledWith('abcdefghijklmnop');
    expect(app.user?.email_verified_at).toBe(baseUser.email_verified_at);
    expect(localStorage.getItem('email-verified')).toBe('1');
    expect(container.querySelector('a[href="/teste"]')).not.toBeNull();
  });

  it('confirm email shows the invalid-hash text and a resend button when signed in', async () => {
    localStorage.setItem('token', 't');
    app.user = { ...baseUser, email_verified_at: null };
    vi.mocked(auth.confirmEmail).mockRejectedValue(new ApiError(422, { errors: { hash: ['FORM_INVALID_CONFIRMATION_HASH'] } }));
    const { default: ConfirmEmail } = await import('../../src/pages/auth/ConfirmEmail.tsx');
    await render('/confirma-email?hash=abcdefghijklmnop', [{ path: '/confirma-email', element: <ConfirmEmail /> }]);
    await act(async () => undefined);
    expect(container.textContent).toContain(messageFor('FORM_INVALID_CONFIRMATION_HASH'));
    expect(container.textContent).toContain('Retrimite emailul de confirmare');
  });
});

describe('preferences and password reset', () => {
  it('theme choice applies, saves locally and sends PUT /user/theme; "Ca sistemul" follows the device', async () => {
    localStorage.setItem('token', 't');
    app.user = { ...baseUser };
    app.theme = 'light';
    app.themeChoice = 'light';
    const { calls } = stubFetch({ 'PUT /api/v1/user/theme': { json: { success: 'THEME_UPDATED' } } });
    vi.mocked(account.updatePreferences).mockResolvedValue({ success: 'PREFERENCES_SAVED' });
    const { default: Preferences } = await import('../../src/pages/settings/Preferences.tsx');
    await render('/setari/preferinte', [{ path: '/setari/preferinte', element: <Preferences /> }]);
    const dark = container.querySelector('input[name="theme"][value="dark"]') as HTMLInputElement;
    await act(async () => {
      dark.click();
    });
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    // The device prefers light: 'Ca sistemul' shows light, and is what is saved.
    const system = container.querySelector('input[name="theme"][value="system"]') as HTMLInputElement;
    expect(system.closest('label')!.textContent).toBe('Ca sistemul');
    await act(async () => {
      system.click();
    });
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(localStorage.getItem('theme')).toBe('system');
    expect(calls.map((c) => c.body)).toEqual(['{"theme":"dark"}', '{"theme":"system"}']);
    const sound = container.querySelector('input[name="sound_effects"]') as HTMLInputElement;
    expect(sound.checked).toBe(true);
    await act(async () => {
      sound.click();
    });
    expect(localStorage.getItem('sound-effects')).toBe('0');
    expect(account.updatePreferences).toHaveBeenCalledWith({ sound_effects: false });
  });

  it('reset sends token + passwords and goes to /conectare with a toast', async () => {
    vi.mocked(auth.resetPassword).mockResolvedValue({ success: 'PASSWORD_RESET_SUCCESSFUL' });
    const { default: ResetPassword } = await import('../../src/pages/auth/ResetPassword.tsx');
    const router = await render('/resetare-parola?token=abcdefghijkl', [{ path: '/resetare-parola', element: <ResetPassword /> }]);
    await type('input[name="password"]', 'parolanoua1');
    await type('input[name="password_confirmation"]', 'parolanoua1');
    await submit();
    expect(auth.resetPassword).toHaveBeenCalledWith({ token: 'abcdefghijkl', password: 'parolanoua1', password_confirmation: 'parolanoua1' });
    expect(router.state.location.pathname).toBe('/conectare');
    expect(app.toasts.map((t) => t.code)).toContain('PASSWORD_RESET_SUCCESSFUL');
  });
});
