// The one file picker of the app (issue 11 §4.11): browsers label a bare <input type="file"> in
// their own language ('Choose File', 'No file chosen'). The input stays in the page (visually
// hidden, still focusable and labelled, so keyboard and screen readers use the native control),
// and a Romanian button and the chosen file's name are shown instead.
import type { ChangeEvent, Ref } from 'react';
import '../../styles/forms.css';
import '../../styles/file-field.css';

export const FILE_FIELD_BUTTON = 'Alege fișierul';
export const FILE_FIELD_EMPTY = 'Niciun fișier ales';

export type FileFieldProps = {
  id: string;
  /** The chosen file, or null: its name is shown next to the button. */
  file: File | null;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  accept?: string;
  name?: string;
  /** Text of the picker button (default 'Alege fișierul'). */
  buttonText?: string;
  describedBy?: string;
  invalid?: boolean;
  disabled?: boolean;
  /** Several files at once (the answer-sheet photos); `chosen` then says what was picked. */
  multiple?: boolean;
  /** Phones open the camera straight away. */
  capture?: 'environment' | 'user';
  /** Text shown instead of the single file's name. */
  chosen?: string;
  ref?: Ref<HTMLInputElement>;
};

export function FileField({ id, file, onChange, accept, name, buttonText = FILE_FIELD_BUTTON, describedBy, invalid, disabled, multiple, capture, chosen, ref }: FileFieldProps) {
  const shown = chosen ?? file?.name ?? null;
  return (
    <div className={`file-field${disabled ? ' file-field--disabled' : ''}`}>
      <input
        ref={ref}
        id={id}
        className="form-visually-hidden file-field__input"
        type="file"
        name={name}
        accept={accept}
        aria-invalid={invalid || undefined}
        aria-describedby={[`${id}-chosen`, describedBy].filter(Boolean).join(' ')}
        onChange={onChange}
        disabled={disabled}
        multiple={multiple}
        capture={capture}
      />
      <label className="form-btn form-btn--secondary file-field__button" htmlFor={id}>
        {buttonText}
      </label>
      <span id={`${id}-chosen`} className={`file-field__name${shown ? '' : ' file-field__name--empty'}`}>
        {shown ?? FILE_FIELD_EMPTY}
      </span>
    </div>
  );
}
