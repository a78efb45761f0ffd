// After a submit that ends in errors, the first error must be where the eye and the keyboard are
// (issue 11 §4.9): on a phone the top of a long form is off screen. Done once here, for every form
// that uses useForm.

/** A control marked invalid, or an error list of a field that has no aria-invalid control (a group). */
const ERROR_SELECTOR = '[aria-invalid="true"], .form-field__errors, .form-errors';
const CONTROL_SELECTOR = 'input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Focuses the first invalid field of `form` in document order and scrolls it to the middle of the
 * screen. An error list without its own control (a checkbox group, general errors) is scrolled to,
 * and the first control of its field (or the list itself) takes the focus. Returns what got focus.
 */
export function focusFirstError(form: HTMLElement): HTMLElement | null {
  const first = form.querySelector<HTMLElement>(ERROR_SELECTOR);
  if (!first) return null;
  let target: HTMLElement = first;
  if (first.getAttribute('aria-invalid') !== 'true') {
    const field = first.closest('fieldset, .form-field');
    const control = field?.querySelector<HTMLElement>(CONTROL_SELECTOR);
    if (control) target = control;
    else {
      if (!first.hasAttribute('tabindex')) first.setAttribute('tabindex', '-1');
      target = first;
    }
  }
  // A disabled field (a chapter list waiting for its manual) cannot take the focus: the control
  // before it in the form, which unlocks it, takes it instead.
  if ((target as HTMLInputElement).disabled) target = previousEnabled(form, target) ?? target;
  target.focus({ preventScroll: true });
  // The error text sits under the field: centre the field so both are in view.
  (first.closest('.form-field, fieldset') ?? first).scrollIntoView?.({ block: 'center', behavior: 'auto' });
  return target;
}

function previousEnabled(form: HTMLElement, from: HTMLElement): HTMLElement | null {
  const controls = [...form.querySelectorAll<HTMLElement>(CONTROL_SELECTOR)];
  const before = controls.filter((c) => c.compareDocumentPosition(from) & Node.DOCUMENT_POSITION_FOLLOWING);
  return before.at(-1) ?? null;
}
