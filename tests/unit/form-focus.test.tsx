// Issue 11 §4.9: a submit that ends in errors puts the focus on the first invalid field (and
// scrolls it into view), for every form built on useForm.
import { describe, it, expect, vi, beforeEach, afterEach } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { loginBody } from '../../src/shared/validation.ts';
import { ApiError } from '../../src/api/errors.ts';
import { useForm } from '../../src/shell/form/useForm.ts';
import { focusFirstError } from '../../src/shell/form/useFormFocus.ts';
import { TextField } from '../../src/shell/form/TextField.tsx';
import { PasswordField } from '../../src/shell/form/PasswordField.tsx';
import { FormErrors } from '../../src/shell/form/ErrorList.tsx';
import { SubmitButton } from '../../src/shell/form/SubmitButton.tsx';

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

function Login({ onSend }: { onSend: () => Promise<void> }) {
  const form = useForm({ initial: { email: '', password: '' }, schema: loginBody, onSubmit: onSend });
  return (
    <form noValidate onSubmit={form.submit}>
      <TextField label="Email" type="email" {...form.field('email')} />
      <PasswordField label="Parola" autoComplete="current-password" {...form.field('password')} />
      <FormErrors codes={form.general} />
      <SubmitButton busy={form.busy}>Trimite</SubmitButton>
    </form>
  );
}

const field = (name: string) => container.querySelector(`[name="${name}"]`) as HTMLInputElement;

async function type(name: string, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  await act(async () => {
    setter.call(field(name), value);
    field(name).dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function submit() {
  const button = container.querySelector('button[type=submit]') as HTMLButtonElement;
  button.focus();
  await act(async () => {
    container.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
}

describe('focus on the first invalid field', () => {
  it('an empty submit focuses the first field and scrolls it into view', async () => {
    const scroll = vi.fn();
    const original = HTMLElement.prototype.scrollIntoView;
    HTMLElement.prototype.scrollIntoView = scroll;
    try {
      await act(async () => root.render(<Login onSend={async () => {}} />));
      await submit();
      expect(field('email').getAttribute('aria-invalid')).toBe('true');
      expect(document.activeElement).toBe(field('email'));
      expect(scroll).toHaveBeenCalled();
    } finally {
      HTMLElement.prototype.scrollIntoView = original;
    }
  });

  it('skips valid fields: with the email filled, the password gets the focus', async () => {
    await act(async () => root.render(<Login onSend={async () => {}} />));
    await type('email', 'ana@example.ro');
    await submit();
    expect(document.activeElement).toBe(field('password'));
  });

  it('errors from the server land the focus on the first field they name', async () => {
    const onSend = async () => {
      throw new ApiError(422, { errors: { password: ['FORM_INVALID_CREDENTIALS'] } });
    };
    await act(async () => root.render(<Login onSend={onSend} />));
    await type('email', 'ana@example.ro');
    await type('password', 'Parola-lunga-1');
    await submit();
    expect(document.activeElement).toBe(field('password'));
  });

  it('an error list of a group without aria-invalid focuses the group\'s first control', () => {
    container.innerHTML = '';
    const form = document.createElement('form');
    form.innerHTML = `<input name="ok"><fieldset class="form-field"><legend>Corecte</legend>
      <input type="checkbox" name="c-a"><input type="checkbox" name="c-b">
      <ul class="form-field__errors"><li>x</li></ul></fieldset>`;
    container.appendChild(form);
    expect(focusFirstError(form)).toBe(form.querySelector('[name="c-a"]'));
    expect(document.activeElement).toBe(form.querySelector('[name="c-a"]'));
  });

  it('a disabled invalid field hands the focus to the control before it, which unlocks it', () => {
    container.innerHTML = '';
    const form = document.createElement('form');
    form.innerHTML = `<select name="manual"><option value="">Alege</option></select>
      <select name="chapter" disabled aria-invalid="true"></select><input name="statement" aria-invalid="true">`;
    container.appendChild(form);
    expect(focusFirstError(form)).toBe(form.querySelector('[name="manual"]'));
  });
});
