// The conversation's composer on a phone (issue 23 §3): a touch keyboard's Enter is a new line
// (a hardware keyboard's sends), and a pasted text over 2,000 characters is kept whole with a
// counter and refused on send, never cut silently.
import { act, createRef } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const sent: string[] = [];
vi.mock('../../src/offline/message-outbox.ts', () => ({
  queueMessage: async (_friend: number, text: string) => {
    sent.push(text);
    return null;
  },
}));
import { Composer } from '../../src/pages/dash/messages/Composer.tsx';
import { MESSAGE_MAX } from '../../src/shared/message-rules.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let host: HTMLDivElement;
let root: Root;
function touch(on: boolean) {
  vi.stubGlobal('matchMedia', (q: string) => ({ matches: q.includes('coarse') ? on : !on, media: q, addEventListener() {}, removeEventListener() {} }));
}
function mount() {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  const scroller = createRef<HTMLDivElement>();
  const stick = { current: true };
  act(() => root.render(<Composer friendId={3} scroller={scroller} stick={stick} />));
  return host.querySelector('textarea')!;
}
function type(el: HTMLTextAreaElement, value: string) {
  const set = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
  act(() => {
    set.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const enter = (el: HTMLTextAreaElement) => {
  const ev = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
  act(() => {
    el.dispatchEvent(ev);
  });
  return ev.defaultPrevented;
};
const flush = () => act(async () => new Promise((r) => setTimeout(r, 0)));

beforeEach(() => {
  sent.length = 0;
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  vi.unstubAllGlobals();
});

describe('composer', () => {
  it('a hardware keyboard: Enter sends', async () => {
    touch(false);
    const el = mount();
    type(el, 'Salut');
    expect(enter(el)).toBe(true);
    await flush();
    expect(sent).toEqual(['Salut']);
    expect(el.value).toBe('');
  });

  it('a touch keyboard: Enter is a new line (not sent); the button sends', async () => {
    touch(true);
    const el = mount();
    type(el, 'Rândul unu');
    expect(enter(el)).toBe(false);
    await flush();
    expect(sent).toEqual([]);
    expect(el.getAttribute('enterkeyhint')).toBe('enter');
    type(el, 'Rândul unu\nRândul doi');
    act(() => host.querySelector<HTMLButtonElement>('button[type="submit"]')!.click());
    await flush();
    expect(sent).toEqual(['Rândul unu\nRândul doi']);
  });

  it('a paste over 2,000 characters is kept whole, counted, and refused', async () => {
    touch(false);
    const el = mount();
    const long = 'a'.repeat(MESSAGE_MAX + 150);
    expect(el.hasAttribute('maxlength')).toBe(false);
    type(el, long);
    expect(el.value).toHaveLength(MESSAGE_MAX + 150);
    expect(host.querySelector('[data-testid="convo-count"]')!.textContent).toBe(`${MESSAGE_MAX + 150} / ${MESSAGE_MAX} caractere — cu 150 prea multe`);
    act(() => host.querySelector<HTMLButtonElement>('button[type="submit"]')!.click());
    await flush();
    expect(sent).toEqual([]);
    expect(host.querySelector('[role="alert"]')!.textContent).toBe('Mesajul este prea lung.');
    expect(el.value).toHaveLength(MESSAGE_MAX + 150);
    // Short again: the counter goes away below 80 % of the bound.
    type(el, 'scurt');
    expect(host.querySelector('[data-testid="convo-count"]')).toBeNull();
  });
});
