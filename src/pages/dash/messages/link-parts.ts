// A message's text cut into plain text and web links (issue 23 §3): only http and https
// addresses become links (never javascript:, data: or anything else), and the punctuation that
// ends a sentence after an address stays text. Pure, so it is unit-tested.
export type TextPart = { text: string; href?: string };

const URL_RE = /\bhttps?:\/\/[^\s<>"'`]+/gi;
const TRAILING = '.,;:!?)]}\'"»”';

const count = (s: string, c: string) => s.split(c).length - 1;

/** Drops the punctuation that ends the sentence; a ')' closing a '(' of the address stays (Wikipedia links). */
function trimEnd(raw: string): string {
  let s = raw;
  while (s && TRAILING.includes(s.at(-1)!)) {
    if (s.at(-1) === ')' && count(s, '(') >= count(s, ')')) break;
    s = s.slice(0, -1);
  }
  return s;
}

/** A safe link target, or null (an address the URL parser refuses, or another scheme). */
export function safeHref(raw: string): string | null {
  try {
    const u = new URL(raw);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

export function linkParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_RE)) {
    const raw = trimEnd(match[0]);
    const href = safeHref(raw);
    if (!href) continue;
    const at = match.index;
    if (at > last) parts.push({ text: text.slice(last, at) });
    parts.push({ text: raw, href });
    last = at + raw.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
