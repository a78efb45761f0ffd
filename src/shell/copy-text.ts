// Copies a text to the clipboard and says so (SPEC §8 TEXT_COPIED), or says it could not.
import { showToast } from '../state/toast.ts';

export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    showToast('TEXT_COPIED');
  } catch {
    showToast('FORM_AN_ERROR_HAS_OCCURRED', 'error');
  }
}
