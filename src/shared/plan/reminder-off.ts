// The plan reminder's one-click unsubscribe (issue 31 §1): the page the mail's link opens, the API
// path the page and mail providers (RFC 8058) post to, how long a link works, and the token's shape.
// The token is `<user id>.<expiry, Unix seconds in base 36>.<HMAC-SHA256, first 16 bytes, base64url>`,
// signed on the server (server/modules/plan/reminder-off-token.ts); the app only checks its shape.

/** The public page of the mail's link: `?t=<token>`; it changes nothing until its button is pressed. */
export const REMINDER_OFF_PAGE = '/memento/oprire';
/** POST turns the reminder off (the page's button, a mail provider's one-click); GET only redirects to the page. */
export const REMINDER_OFF_API = '/api/v1/plan/reminder/unsubscribe';
/** Days a mail's unsubscribe link keeps working (a new one comes with every reminder). */
export const REMINDER_OFF_LINK_DAYS = 60;
/** The shape of a token; anything else is refused without looking further. */
export const REMINDER_OFF_TOKEN = /^[1-9]\d{0,9}\.[0-9a-z]{1,8}\.[\w-]{22}$/;
