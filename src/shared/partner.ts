// Partner account (issue 8 §6): the API's request and answer shapes, shared by server and app.
import { z } from 'zod';
import { plainString } from './input-rules.ts';

const token = (min: number, max: number) =>
  plainString(max, { invalid: 'FORM_PARTNER_TOKEN_INVALID', long: 'FORM_PARTNER_TOKEN_INVALID' }).min(
    min,
    'FORM_PARTNER_TOKEN_INVALID',
  );

/** What the app posts back from /conectare/partener: the partner's query plus the binding it kept. */
export const partnerCallbackBody = z.object({
  code: token(1, 2000),
  state: token(20, 200),
  /** Handed out with the authorization URL and kept in this tab only: ties the answer to the browser that asked. */
  binding: token(20, 200),
  /** RFC 9207 issuer identification, when the partner sends it. */
  iss: plainString(2000, { invalid: 'FORM_PARTNER_TOKEN_INVALID', long: 'FORM_PARTNER_TOKEN_INVALID' }).optional(),
});
export type PartnerCallbackBody = z.infer<typeof partnerCallbackBody>;

export const partnerStartAnswer = z.object({ url: z.string(), binding: z.string() });
export type PartnerStart = z.infer<typeof partnerStartAnswer>;

export const partnerStatusAnswer = z.object({
  enabled: z.boolean(),
  connected: z.boolean(),
  /** The partner's address at the last sign-in through it, as it said. */
  email: z.string().nullable(),
  connected_at: z.string().nullable(),
  /** False for an account made through the partner: it has no password to fall back on. */
  can_disconnect: z.boolean(),
});
export type PartnerStatus = z.infer<typeof partnerStatusAnswer>;
