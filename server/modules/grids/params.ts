import { z } from 'zod';

/** `:id` of a grid (or report): a positive int4. */
export const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
