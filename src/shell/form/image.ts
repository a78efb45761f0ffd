import { IMAGE_MAX_BYTES } from '../../shared/constants.ts';

const EXTENSIONS = ['jpg', 'jpeg', 'png'];
const TYPES = ['image/jpeg', 'image/jpg', 'image/png'];

/** Client-side avatar rule (SPEC §5): jpg, jpeg or png, at most 2 MB. Returns the error codes. */
export function avatarErrors(file: Pick<File, 'name' | 'type' | 'size'>, maxBytes = IMAGE_MAX_BYTES): string[] {
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  const typeOk = EXTENSIONS.includes(ext) && (!file.type || TYPES.includes(file.type.toLowerCase()));
  const codes: string[] = [];
  if (!typeOk) codes.push('FORM_IMAGE_INVALID_TYPE');
  if (file.size > maxBytes) codes.push('FORM_IMAGE_TOO_LARGE');
  return codes;
}
