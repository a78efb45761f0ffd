// The answer sheet's number for people (issue 32 §3): a 36-character UUID printed under the title
// is unreadable and nobody can match it with a screen. The UUID stays the sheet's identity (in its
// QR code, which the reader checks); people get a short code derived from it, printed on the
// sheet and shown on the sheet's page. Derived rather than stored: the server and the page get the
// same code from the sheet id, with no migration and nothing to keep in step.
//
// Crockford's base32 alphabet: no I, L, O or U, so nothing reads as another character (0 vs O,
// 1 vs I or L). Eight characters carry the UUID's first 40 bits, which are random in a version 4
// UUID: two sheets of one candidate share a code about once in 10^12.

export const SHEET_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** '6b1f0e2a-93c4-…' → '6RFGW2M9' style code, shown as 'XXXX-XXXX' by sheetCodeLabel. */
export function sheetCode(sheetId: string): string {
  const hex = sheetId.replace(/-/g, '').slice(0, 10);
  if (!/^[0-9a-f]{10}$/i.test(hex)) throw new RangeError('sheetCode needs a UUID');
  let bits = BigInt(`0x${hex}`);
  let out = '';
  for (let i = 0; i < 8; i++) {
    out = SHEET_CODE_ALPHABET[Number(bits & 31n)] + out;
    bits >>= 5n;
  }
  return out;
}

/** The code as printed and shown: two groups of four, easier to read aloud and compare. */
export const sheetCodeLabel = (sheetId: string) => {
  const c = sheetCode(sheetId);
  return `${c.slice(0, 4)}-${c.slice(4)}`;
};
