import {
  cloneElement,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
} from 'react';
import { createPortal } from 'react-dom';
import { hintClosed, hintOpenDelay } from '../lib/hintTiming';

interface TriggerProps {
  onPointerEnter?: (e: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (e: PointerEvent<HTMLElement>) => void;
  onPointerDown?: (e: PointerEvent<HTMLElement>) => void;
  onFocus?: (e: FocusEvent<HTMLElement>) => void;
  onBlur?: (e: FocusEvent<HTMLElement>) => void;
  'aria-describedby'?: string;
}

const EDGE = 8;
const GAP = 6;

/**
 * A tooltip under its control (`children`, one element that takes pointer and focus handlers):
 * it opens after the spec's hover delay (`lib/hintTiming.ts`), at once on keyboard focus, never
 * on touch, and closes on leaving, pressing, Escape and scrolling. While open it describes the
 * control (`aria-describedby`). It is drawn over the page (a portal, fixed position) so the
 * control's own layout does not change, and kept 8 px inside the window.
 */
export function Hint({ text, children }: { text: string; children: ReactElement<TriggerProps> }) {
  const id = useId();
  const [anchor, setAnchor] = useState<DOMRect | null>(null);
  const [left, setLeft] = useState<number | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const tip = useRef<HTMLSpanElement>(null);
  const open = anchor !== null;

  // whether it is open, at once (the state is read only at the next render, and the next
  // control's pointerenter comes before that)
  const shown = useRef(false);

  const hide = useCallback(() => {
    window.clearTimeout(timer.current);
    if (shown.current) hintClosed(Date.now());
    shown.current = false;
    setAnchor(null);
    setLeft(null);
  }, []);
  const showAfter = (el: HTMLElement, delay: number) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      shown.current = true;
      setAnchor(el.getBoundingClientRect());
    }, delay);
  };
  useEffect(() => () => window.clearTimeout(timer.current), []);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && hide();
    document.addEventListener('keydown', onKey);
    window.addEventListener('scroll', hide, { capture: true, passive: true });
    return () => {
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('scroll', hide, { capture: true });
    };
  }, [open, hide]);

  useLayoutEffect(() => {
    if (!anchor || !tip.current) return;
    const width = tip.current.offsetWidth;
    const centred = anchor.left + anchor.width / 2 - width / 2;
    setLeft(Math.max(EDGE, Math.min(centred, window.innerWidth - width - EDGE)));
  }, [anchor]);

  const own = children.props;
  const trigger = cloneElement(children, {
    onPointerEnter: (e) => {
      own.onPointerEnter?.(e);
      if (e.pointerType !== 'touch') showAfter(e.currentTarget, hintOpenDelay(Date.now()));
    },
    onPointerLeave: (e) => {
      own.onPointerLeave?.(e);
      hide();
    },
    onPointerDown: (e) => {
      own.onPointerDown?.(e);
      hide();
    },
    onFocus: (e) => {
      own.onFocus?.(e);
      if (e.currentTarget.matches(':focus-visible')) showAfter(e.currentTarget, 0);
    },
    onBlur: (e) => {
      own.onBlur?.(e);
      hide();
    },
    'aria-describedby': open ? id : own['aria-describedby'],
  });

  return (
    <>
      {trigger}
      {anchor &&
        createPortal(
          <span
            ref={tip}
            id={id}
            role="tooltip"
            className="hint-bubble"
            style={{
              top: anchor.bottom + GAP,
              left: left ?? 0,
              visibility: left === null ? 'hidden' : undefined,
            }}
          >
            {text}
          </span>,
          document.body,
        )}
    </>
  );
}
