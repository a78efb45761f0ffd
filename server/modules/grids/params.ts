import { z } from 'zod';
import { idParam } from '../../../src/shared/input-rules.ts';

/** `:id` of a grid (or report, manual, chapter): a positive int4 written in digits. */
export const idParams = z.object({ id: idParam() });
