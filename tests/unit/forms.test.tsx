// Form pieces: useForm validates with the shared schema before sending and maps API errors to
// fields; the post-login redirect choice is safe and flag-based.
import { describe, it, expect, vi, beforeEach, afterEach } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { z } from 'zod';
import { loginBody, resetPasswordBody, contactBody } from '../../src/shared/validation.ts';
import { ApiError } from '../../src/api/errors.ts';
import { messageFor } from '../../src/shared/messages.ro.ts';
import { useForm, splitErrors, errorsOf, firstPerField } from '../../src/shell/form/useForm.ts';
import { TextField } from '../../src/shell/form/TextField.tsx';
import { PasswordField, passwordStrength } from '../../src/shell/form/PasswordField.tsx';
import { FormErrors } from '../../src/shell/form/ErrorList.tsx';
import { SubmitButton } from '../../src/shell/form/SubmitButton.tsx';
import { safeRedirect, flagTarget, afterLoginPath } from '../../src/shell/form/auth-redirect.ts';
import { avatarErrors } from '../../src/shell/form/image.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

function LoginLike({ onSend }: { onSend: (body: z.output<typeof loginBody>) => Promise<void> }) {
  const form = useForm({ initial: { email: '', password: '' }, schema: loginBody, onSubmit: onSend });
  return (
    <form noValidate onSubmit={form.submit}>
      <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
      <PasswordField label="Parola" autoComplete="current-password" {...form.field('password')} />
      <FormErrors codes={form.general} />
      <SubmitButton busy={form.busy}>Conectează-te</SubmitButton>
    </form>
  );
}

function input(name: string): HTMLInputElement {
  return container.querySelector(`[name="${name}"]`) as HTMLInputElement;
}

async function type(name: string, value: string) {
  const el = input(name);
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  await act(async () => {
    setter.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function submit() {
  await act(async () => {
    container.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
}

describe('useForm', () => {
  it('blocks an invalid submit and shows the schema codes on the fields', async () => {
    const onSend = vi.fn(async () => undefined);
    await act(async () => root.render(<LoginLike onSend={onSend} />));
    await type('email', 'not-an-email');
    await submit();
    expect(onSend).not.toHaveBeenCalled();
    const email = input('email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    const describedBy = email.getAttribute('aria-describedby')!;
    expect(describedBy).toBeTruthy();
    const errorList = document.getElementById(describedBy.split(' ').pop()!)!;
    expect(errorList.textContent).toContain(messageFor('FORM_EMAIL_INVALID'));
    expect(container.textContent).toContain(messageFor('FORM_PASSWORD_REQUIRED'));
  });

  it('sends the parsed body when valid and maps ApiError codes to fields and general', async () => {
    const onSend = vi.fn(async () => {
      throw new ApiError(422, { errors: { email: ['FORM_EMAIL_NOT_REGISTERED'], general: ['FORM_WRONG_CREDENTIALS'] } });
    });
    await act(async () => root.render(<LoginLike onSend={onSend} />));
    await type('email', '  Ana@Example.RO ');
    await type('password', 'parola-buna');
    await submit();
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(onSend.mock.calls[0]).toBeDefined();
    expect((onSend.mock.calls[0] as unknown[])[0]).toEqual({ email: 'ana@example.ro', password: 'parola-buna' });
    expect(input('email').getAttribute('aria-invalid')).toBe('true');
    expect(container.textContent).toContain(messageFor('FORM_EMAIL_NOT_REGISTERED'));
    const alert = container.querySelector('[role="alert"]')!;
    expect(alert.textContent).toContain(messageFor('FORM_WRONG_CREDENTIALS'));
    // Editing a field clears its errors and the general ones.
    await type('email', 'ana@example.ro');
    expect(input('email').getAttribute('aria-invalid')).toBeNull();
    expect(container.querySelector('[role="alert"]')!.textContent).toBe('');
  });

  it('disables the submit button while busy and ignores a second submit', async () => {
    let release!: () => void;
    const onSend = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    await act(async () => root.render(<LoginLike onSend={onSend} />));
    await type('email', 'ana@example.ro');
    await type('password', 'x');
    await submit();
    const button = container.querySelector('button[type="submit"]') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    await submit();
    expect(onSend).toHaveBeenCalledTimes(1);
    await act(async () => release());
    expect(button.disabled).toBe(false);
  });

  it('shows a 429 login throttle and unknown failures as general errors', async () => {
    const onSend = vi
      .fn<(body: z.output<typeof loginBody>) => Promise<void>>()
      .mockRejectedValueOnce(new ApiError(429, { errors: { general: ['FORM_TOO_MANY_LOGIN_ATTEMPTS'] } }))
      .mockRejectedValueOnce(new Error('boom'));
    await act(async () => root.render(<LoginLike onSend={onSend} />));
    await type('email', 'ana@example.ro');
    await type('password', 'x');
    await submit();
    expect(container.textContent).toContain(messageFor('FORM_TOO_MANY_LOGIN_ATTEMPTS'));
    await submit();
    expect(container.textContent).toContain(messageFor('FORM_AN_ERROR_HAS_OCCURRED'));
  });

  it('checks hidden fields added by toBody and reports their codes as general', async () => {
    const onSend = vi.fn(async () => undefined);
    function Reset({ token }: { token: string }) {
      const form = useForm({
        initial: { password: '', password_confirmation: '' },
        schema: resetPasswordBody,
        toBody: (v) => ({ ...v, token }),
        onSubmit: onSend,
      });
      return (
        <form noValidate onSubmit={form.submit}>
          <PasswordField label="Parola" autoComplete="new-password" {...form.field('password')} />
          <PasswordField label="Confirmă" autoComplete="new-password" {...form.field('password_confirmation')} />
          <FormErrors codes={form.general} />
        </form>
      );
    }
    await act(async () => root.render(<Reset token="" />));
    await type('password', 'parolanoua1');
    await type('password_confirmation', 'parolanoua2');
    await submit();
    expect(onSend).not.toHaveBeenCalled();
    expect(container.textContent).toContain(messageFor('FORM_WRONG_RESET_TOKEN'));
    expect(container.textContent).toContain(messageFor('FORM_PASSWORD_CONFIRMATION_MISMATCH'));
  });
});

describe('splitErrors / errorsOf', () => {
  it('keeps known fields, moves unknown fields to general, drops duplicates', () => {
    expect(
      splitErrors({ errors: { email: ['A', 'A'], token: ['B'], general: ['C'], empty: [] } }, ['email', 'password']),
    ).toEqual({ email: ['A'], general: ['B', 'C'] });
  });
  it('client-side checks show the first failing rule per field', () => {
    expect(firstPerField({ password: ['FORM_PASSWORD_REQUIRED', 'FORM_PASSWORD_TOO_SHORT'], general: ['A', 'B'] })).toEqual({
      password: ['FORM_PASSWORD_REQUIRED'],
      general: ['A', 'B'],
    });
  });
  it('turns non-API errors into FORM_AN_ERROR_HAS_OCCURRED', () => {
    expect(errorsOf(new TypeError('x'))).toEqual({ errors: { general: ['FORM_AN_ERROR_HAS_OCCURRED'] } });
    const api = new ApiError(400, { errors: { name: ['FORM_NAME_TWO_WORDS'] } });
    expect(errorsOf(api)).toBe(api.body);
  });
  it('uses the same codes as the server schema (contact message bounds)', () => {
    const body = { name: 'Ana', email: 'ana@example.ro', message: 'scurt' };
    const parsed = contactBody.safeParse(body);
    expect(parsed.success).toBe(false);
    const errors = splitErrors({ errors: { name: ['FORM_NAME_TWO_WORDS'], message: ['FORM_MESSAGE_TOO_SHORT'] } }, Object.keys(body));
    expect(errors.name).toEqual(['FORM_NAME_TWO_WORDS']);
  });
});

describe('redirect after login', () => {
  const done = { email_verified_at: '2026-01-01T00:00:00Z', manual_id: 1, specialization_id: 2, center_id: 3 };

  it('accepts same-site paths with query and hash', () => {
    expect(safeRedirect('/teste/12/rezultate?x=1#top')).toBe('/teste/12/rezultate?x=1#top');
    expect(safeRedirect('/story/coupon')).toBe('/story/coupon');
    expect(safeRedirect('/')).toBe('/');
  });

  it('rejects absolute URLs, protocol-relative and backslash tricks, and auth screens', () => {
    for (const bad of [
      'https://evil.example/x',
      'http:/evil.example',
      'javascript:alert(1)',
      '//evil.example/path',
      '/\\evil.example',
      '\\\\evil.example',
      '/a\\b',
      ' //evil.example',
      'teste',
      '',
      null,
      undefined,
      '/conectare?redirect=/teste',
      '/inregistrare',
    ]) {
      expect(safeRedirect(bad as string | null | undefined), String(bad)).toBeNull();
    }
    expect(safeRedirect('/x\n/y')).toBeNull();
  });

  it('chooses by flags: unverified → /verifica-email, incomplete → /inca-un-pas, else /teste', () => {
    expect(flagTarget({ ...done, email_verified_at: null })).toBe('/verifica-email');
    expect(flagTarget({ ...done, email_verified_at: null, manual_id: null })).toBe('/verifica-email');
    expect(flagTarget({ ...done, center_id: null })).toBe('/inca-un-pas');
    expect(flagTarget(done)).toBe('/teste');
  });

  it('prefers a safe ?redirect=, then a saved redirect, then the flags', () => {
    expect(afterLoginPath(done, '/favorite')).toBe('/favorite');
    expect(afterLoginPath(done, '//evil.example', '/story/coupon')).toBe('/story/coupon');
    expect(afterLoginPath(done, 'https://evil.example', null)).toBe('/teste');
    expect(afterLoginPath({ ...done, manual_id: null }, null, null)).toBe('/inca-un-pas');
  });
});

describe('small rules', () => {
  it('avatar: jpg/jpeg/png up to 2 MB', () => {
    expect(avatarErrors({ name: 'a.JPG', type: 'image/jpeg', size: 1000 })).toEqual([]);
    expect(avatarErrors({ name: 'a.png', type: 'image/png', size: 2 * 1024 * 1024 })).toEqual([]);
    expect(avatarErrors({ name: 'a.gif', type: 'image/gif', size: 10 })).toEqual(['FORM_IMAGE_INVALID_TYPE']);
    expect(avatarErrors({ name: 'a.png', type: 'image/png', size: 2 * 1024 * 1024 + 1 })).toEqual(['FORM_IMAGE_TOO_LARGE']);
    expect(avatarErrors({ name: 'a.webp', type: 'image/webp', size: 9e6 })).toEqual(['FORM_IMAGE_INVALID_TYPE', 'FORM_IMAGE_TOO_LARGE']);
  });
  it('password strength hint grows with length and variety', () => {
    expect(passwordStrength('').score).toBe(0);
    expect(passwordStrength('abc').score).toBe(0);
    expect(passwordStrength('abcdefgh').score).toBe(1);
    expect(passwordStrength('Abcdefg1').score).toBe(2);
    expect(passwordStrength('Abcdefgh1!xyz').score).toBe(3);
  });
});

describe('captcha', () => {
  it('returns undefined without a site key and a token with one', async () => {
    const { app } = await import('../../src/state/app.ts');
    const { getCaptchaToken, resetCaptchaForTests } = await import('../../src/shell/captcha.ts');
    app.settings = null;
    expect(await getCaptchaToken('login')).toBeUndefined();
    expect(document.querySelector('script[src*="recaptcha"]')).toBeNull();
    resetCaptchaForTests();
    const execute = vi.fn(async () => 'captcha-token');
    window.grecaptcha = { ready: (cb) => cb(), execute };
    app.settings = { product: 'Grilio', google_client_id: null, recaptcha_site_key: 'site-key', dev_banner: false, pusher: { key: 'k', host: null, port: null, scheme: null } };
    expect(await getCaptchaToken('login')).toBe('captcha-token');
    expect(execute).toHaveBeenCalledWith('site-key', { action: 'login' });
    expect(document.getElementById('grecaptcha-badge-hidden')?.textContent).toContain('.grecaptcha-badge{visibility:hidden}');
    delete window.grecaptcha;
    app.settings = null;
    resetCaptchaForTests();
  });

  it('Google button renders nothing when no client id is configured', async () => {
    const { app } = await import('../../src/state/app.ts');
    const { createMemoryRouter, RouterProvider } = await import('react-router');
    const { default: GoogleButton } = await import('../../src/shell/GoogleButton.tsx');
    app.settings = null;
    const router = createMemoryRouter([{ path: '/', element: <GoogleButton /> }]);
    await act(async () => root.render(<RouterProvider router={router} />));
    expect(container.innerHTML).toBe('');
    expect(document.querySelector('script[src*="accounts.google.com"]')).toBeNull();
  });
});
