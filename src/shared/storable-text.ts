// What PostgreSQL can store as text, without zod, so the device-side checks on the solve path
// (src/shared/note-rules.ts) need no validation library. input-rules.ts re-exports it.

/** False when PostgreSQL cannot store `s` as text: a NUL byte, or a UTF-16 surrogate without its pair. */
export function storableText(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0) return false;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i++;
    } else if (c >= 0xdc00 && c <= 0xdfff) return false;
  }
  return true;
}
