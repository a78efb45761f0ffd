// Links in messages (issue 23 §3): http/https addresses become links, nothing else does, and the
// punctuation ending the sentence stays text. The bubble renders them with rel=noopener noreferrer nofollow.
import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { linkParts, safeHref } from '../../src/pages/dash/messages/link-parts.ts';
import { MessageBubble } from '../../src/pages/dash/messages/MessageBubble.tsx';

describe('message links', () => {
  it('cuts text into text and http/https links, sentence punctuation outside', () => {
    expect(linkParts('Vezi https://grilio.ro/teste?x=1, apoi http://a.ro/b.')).toEqual([
      { text: 'Vezi ' },
      { text: 'https://grilio.ro/teste?x=1', href: 'https://grilio.ro/teste?x=1' },
      { text: ', apoi ' },
      { text: 'http://a.ro/b', href: 'http://a.ro/b' },
      { text: '.' },
    ]);
    expect(linkParts('(https://ro.wikipedia.org/wiki/Ficat_(organ))')).toEqual([
      { text: '(' },
      { text: 'https://ro.wikipedia.org/wiki/Ficat_(organ)', href: 'https://ro.wikipedia.org/wiki/Ficat_(organ)' },
      { text: ')' },
    ]);
    expect(linkParts('fără legături')).toEqual([{ text: 'fără legături' }]);
  });

  it('never makes javascript:, data: or a broken address a link', () => {
    for (const t of ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'jAvAsCrIpT:alert(1)//https://x.ro', 'https://']) {
      expect(linkParts(t).every((p) => !p.href || p.href.startsWith('https://x.ro'))).toBe(true);
    }
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('https://')).toBeNull();
  });

  it('the bubble renders a safe link and the text as text', () => {
    const html = renderToStaticMarkup(
      createElement(MessageBubble, {
        m: { id: 'a', sender_id: 2, friend_id: 1, text: '<b>x</b> https://grilio.ro javascript:alert(1)', grid: null, created_at: '2026-01-01T10:00:00.000Z', seen_at: null },
        mine: false,
      }),
    );
    expect(html).toContain('<a href="https://grilio.ro/" target="_blank" rel="noopener noreferrer nofollow">https://grilio.ro</a>');
    expect(html).toContain('&lt;b&gt;x&lt;/b&gt;');
    expect(html).not.toContain('href="javascript');
  });

  it('"✓ Trimis" only on the newest stored message', () => {
    const m = { id: 'a', sender_id: 1, friend_id: 2, text: 'x', grid: null, created_at: '2026-01-01T10:00:00.000Z', seen_at: null };
    expect(renderToStaticMarkup(createElement(MessageBubble, { m, mine: true }))).not.toContain('Trimis');
    expect(renderToStaticMarkup(createElement(MessageBubble, { m, mine: true, last: true }))).toContain('Trimis');
  });
});
