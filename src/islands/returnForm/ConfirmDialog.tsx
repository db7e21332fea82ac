import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import styles from './confirmDialog.scss?inline';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  text: string;
  confirm: string;
  cancel: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Spec §4's confirmation for a paid service, as a modal `<dialog>`: the browser makes the page
 * behind it inert and closes it on Escape, which counts as Cancel. Focus starts on Cancel, the
 * safe choice.
 */
export function ConfirmDialog({
  open,
  title,
  text,
  confirm,
  cancel,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();
  // A modal dialog lets Tab leave it for the browser's own controls (in Chromium, for <body>);
  // Tab and Shift+Tab wrap between its first and last button instead.
  const keepFocus = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    const buttons = [...event.currentTarget.querySelectorAll('button')];
    const edge = event.shiftKey ? buttons[0] : buttons.at(-1);
    const wrapTo = event.shiftKey ? buttons.at(-1) : buttons[0];
    if (document.activeElement !== edge && buttons.includes(document.activeElement as HTMLButtonElement))
      return;
    event.preventDefault();
    wrapTo?.focus();
  };
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <>
      {/* Its styles come with its code (React puts them in the page's head), not in every form page. */}
      <style href="confirm-dialog" precedence="late">
        {styles}
      </style>
      <dialog
        ref={ref}
        className="dialog"
        aria-labelledby={titleId}
        aria-describedby={textId}
        onKeyDown={keepFocus}
        onCancel={(event) => {
          event.preventDefault();
          onCancel();
        }}
      >
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        <p id={textId}>{text}</p>
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onCancel} autoFocus>
            {cancel}
          </button>
          <button type="button" className="button" onClick={onConfirm}>
            {confirm}
          </button>
        </div>
      </dialog>
    </>
  );
}
