// LIKE / ILIKE patterns built from what a user typed: PostgreSQL's default escape character is the
// backslash, so `\`, `%` and `_` are escaped and match themselves.

/** `\`, `%` and `_` taken literally inside a LIKE pattern. */
const likeLiteral = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A pattern matching `s` anywhere in the text. */
export const likeAnywhere = (s: string) => `%${likeLiteral(s)}%`;
