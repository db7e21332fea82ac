import { useEffect, useId, useRef, useState } from 'react';

/** Spec §9's tooltip timing. */
export const tooltipTiming = { enterDelay: 100, touchEnterDelay: 700, touchLeaveDelay: 1500, maxWidth: 300 };

/**
 * A help icon with a tooltip beside a field label: shown after 100 ms on hover or at once on
 * keyboard focus, after a 700 ms press on touch and hidden 1500 ms after the finger lifts;
 * Escape hides it. The text is also the button's description for screen readers.
 */
export function HelpTip({ label, text }: { label: string; text: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const later = (ms: number, value: boolean) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(value), ms);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (!open) return undefined;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  return (
    <span className="helptip">
      <button
        type="button"
        className="helptip__button"
        aria-label={label}
        aria-describedby={id}
        onPointerEnter={(e) => e.pointerType === 'mouse' && later(tooltipTiming.enterDelay, true)}
        onPointerLeave={(e) => e.pointerType === 'mouse' && later(0, false)}
        onTouchStart={() => later(tooltipTiming.touchEnterDelay, true)}
        onTouchEnd={() => later(tooltipTiming.touchLeaveDelay, false)}
        onFocus={() => setOpen(true)}
        onBlur={() => later(0, false)}
        onClick={() => setOpen(true)}
      >
        ?
      </button>
      <span id={id} role="tooltip" className="helptip__text" hidden={!open}>
        {text}
      </span>
    </span>
  );
}
