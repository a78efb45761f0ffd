// The modal of SPEC §2: opens after short delays (80 ms mount, 160 ms visible), locks page
// scrolling, closes by the close button, the backdrop or Escape unless `preventClose`.
// role=dialog + aria-modal, focus moves in, Tab stays inside, focus returns on close.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { MODAL_OPEN_DELAYS_MS } from '../shared/constants.ts';
import { Icon } from './icons.tsx';

export type ModalProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** Backdrop click and Escape do nothing; the close button is hidden. */
  preventClose?: boolean;
  className?: string;
  /** Accessible name when the title is not plain text. */
  ariaLabel?: string;
};

let openCount = 0;
const LOCK_CLASS = 'modal-lock';

function lockScroll(): void {
  openCount += 1;
  document.body.classList.add(LOCK_CLASS);
}
function unlockScroll(): void {
  openCount = Math.max(0, openCount - 1);
  if (openCount === 0) document.body.classList.remove(LOCK_CLASS);
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function Modal({ open, onClose, title, children, footer, preventClose = false, className, ariaLabel }: ModalProps) {
  const [mounted, setMounted] = useState(false);
  const [visible, setVisible] = useState(false);
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open) {
      setVisible(false);
      setMounted(false);
      return;
    }
    const [mountDelay, showDelay] = MODAL_OPEN_DELAYS_MS;
    const t1 = setTimeout(() => setMounted(true), mountDelay);
    const t2 = setTimeout(() => setVisible(true), showDelay);
    return () => {
      clearTimeout(t1);
      clearTimeout(t2);
    };
  }, [open]);

  useEffect(() => {
    if (!mounted) return;
    const previous = document.activeElement as HTMLElement | null;
    lockScroll();
    // Focus the dialog itself: screen readers announce its title, Tab then moves inside.
    dialogRef.current?.focus();
    return () => {
      unlockScroll();
      previous?.focus?.();
    };
  }, [mounted]);

  // Escape also when the focus left the dialog: a button disabled while it works (the trial's
  // "Activează…") drops the focus to the page, and the dialog's own handler no longer hears keys.
  useEffect(() => {
    if (!mounted || preventClose) return;
    const onDocKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      const active = document.activeElement;
      if (active && active !== document.body && active.closest('[role="dialog"]')) return;
      onCloseRef.current();
    };
    document.addEventListener('keydown', onDocKey);
    return () => document.removeEventListener('keydown', onDocKey);
  }, [mounted, preventClose]);

  if (!mounted) return null;

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape') {
      if (!preventClose) {
        e.stopPropagation();
        onCloseRef.current();
      }
      return;
    }
    if (e.key !== 'Tab' || !dialogRef.current) return;
    const items = Array.from(dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (!items.length) {
      e.preventDefault();
      return;
    }
    const first = items[0];
    const last = items[items.length - 1];
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div
      className={`modal-backdrop${visible ? ' is-visible' : ''}`}
      onMouseDown={(e) => {
        if (e.target === e.currentTarget && !preventClose) onCloseRef.current();
      }}
      data-testid="modal-backdrop"
    >
      <div
        ref={dialogRef}
        className={`modal${className ? ` ${className}` : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={ariaLabel ? undefined : titleId}
        aria-label={ariaLabel}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <header className="modal__header">
          <h2 className="modal__title" id={titleId}>
            {title}
          </h2>
          {!preventClose && (
            <button type="button" className="icon-button modal__close" aria-label="Închide" onClick={() => onCloseRef.current()}>
              <Icon name="close" />
            </button>
          )}
        </header>
        <div className="modal__body">{children}</div>
        {footer ? <footer className="modal__footer">{footer}</footer> : null}
      </div>
    </div>,
    document.body,
  );
}
