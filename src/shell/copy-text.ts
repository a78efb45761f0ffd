// Copies a text to the clipboard and says so (SPEC §8 TEXT_COPIED), or says it could not.
import { showToast } from '../state/toast.ts';

/** Whether the text reached the clipboard. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    showToast('TEXT_COPIED');
    return true;
  } catch {
    showToast('FORM_AN_ERROR_HAS_OCCURRED', 'error');
    return false;
  }
}
