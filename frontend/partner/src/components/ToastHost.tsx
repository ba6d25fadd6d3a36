import Button from 'antd/es/button';
import notification from 'antd/es/notification';
import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  attachToastHost,
  KEYBOARD_TOAST_DURATION_MS,
  placementFor,
  TOAST_ACTION_KEY,
  TOAST_DURATION_MS,
  TOAST_MAX_COUNT,
} from '../lib/toast';
import { afterPaint } from '../lib/afterPaint';

const PLACEMENTS = { top: 'topRight', bottom: 'bottomRight', bottomLeft: 'bottomLeft' } as const;

// One object for every render, so `api` stays the same and the host attaches once.
const CONFIG = { maxCount: TOAST_MAX_COUNT, top: 76, pauseOnHover: false } as const;

/**
 * A toast's time while the focus is in it: a day. Not `false` (no timer): antd's notice closes at
 * once when its time turns from a number to none.
 */
const HELD_SECONDS = 24 * 60 * 60;

/** Toast keys, unique for the page's life: a late first paint never times a later toast. */
let count = 0;

/** Calls `onPainted` once the browser has painted it. */
function Painted({ children, onPainted }: { children: ReactNode; onPainted: () => void }) {
  useEffect(() => afterPaint(onPainted), [onPainted]);
  return children;
}

/** "Press F8 to reach Undo": shown and read out in a toast raised from the keyboard. */
function KeyHint({ label }: { label: string }) {
  const { t } = useTranslation('shell');
  return (
    <span className="toast-key-hint">{t('toast.actionKey', { key: TOAST_ACTION_KEY, action: label })}</span>
  );
}

/** What a toast with a button does with the focus in it (see ToastHost). */
interface FocusHandlers {
  focusin: (e: FocusEvent) => void;
  focusout: (e: FocusEvent) => void;
  keydown: (e: KeyboardEvent) => void;
  /** the toast leaves the page with the focus in it: the focus goes back to where it came from */
  giveBack: () => void;
}

/** The toast's button (Undo); it gives its toast the focus handlers (on the whole toast). */
function ToastAction({
  id,
  label,
  onPress,
  handlers,
}: {
  id: string;
  label: string;
  onPress: () => void;
  handlers: FocusHandlers;
}) {
  const ref = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    const toast = ref.current?.closest<HTMLElement>('.ant-notification-notice');
    if (!toast) return;
    toast.addEventListener('focusin', handlers.focusin);
    toast.addEventListener('focusout', handlers.focusout);
    toast.addEventListener('keydown', handlers.keydown);
    return () => {
      toast.removeEventListener('focusin', handlers.focusin);
      toast.removeEventListener('focusout', handlers.focusout);
      toast.removeEventListener('keydown', handlers.keydown);
      // a layout cleanup runs before the toast leaves the page: the focus is still in it (the
      // next toast took its place)
      if (toast.contains(document.activeElement)) handlers.giveBack();
    };
  }, [handlers]);
  return (
    <Button ref={ref} id={id} size="small" aria-keyshortcuts={TOAST_ACTION_KEY} onClick={onPress}>
      {label}
    </Button>
  );
}

/**
 * Mounted on the first toast (its own chunk): one antd notification at a time. Each one's 2 s
 * start when it is first painted, not when it mounts: antd's timer counts from the mount, and a
 * busy page (a slow phone, right after the action that raised the toast) could use up the 2 s
 * before the toast was ever on screen.
 *
 * A toast with a button (Undo) can be reached from the keyboard (WCAG 2.2.1): F8 takes the focus
 * to its button; its timer waits while the focus or the pointer is in it; Escape closes it and Tab
 * leaves it, both back to where the focus was. Raised from the keyboard, it waits 20 s, not 2, and
 * says which key reaches it.
 */
export default function ToastHost() {
  const [api, holder] = notification.useNotification(CONFIG);
  useEffect(() => {
    let shown: keyof typeof PLACEMENTS | null = null;
    let current: { key: string; action: boolean } | null = null;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== TOAST_ACTION_KEY || !current?.action) return;
      const button = document.getElementById(`${current.key}-action`);
      if (!button) return;
      e.preventDefault();
      button.focus();
    };
    document.addEventListener('keydown', onKey);
    const detach = attachToastHost((t) => {
      const placement = t.bottomLeft ? 'bottomLeft' : placementFor(t.near, window.innerHeight);
      // one toast at a time, also when the next one goes to the other edge
      if (shown && shown !== placement) api.destroy();
      shown = placement;
      const key = `toast-${++count}`;
      current = { key, action: !!t.action };
      const seconds = (t.action && t.byKeyboard ? KEYBOARD_TOAST_DURATION_MS : TOAST_DURATION_MS) / 1000;
      let timed = false;
      // the focus is in the toast: no timer; `back` is where it came from
      let held = false;
      let back: HTMLElement | null = null;
      let closed = false;
      const giveBack = () => {
        if (back?.isConnected) back.focus();
      };
      // opened without a timer; once painted, opened again (same key: the same notice) with it,
      // and again with a day's while the focus is in it (the full time again once it has left)
      const open = () => {
        if (!closed && current?.key === key)
          api[t.kind](notice(!timed ? false : held ? HELD_SECONDS : seconds));
      };
      const painted = () => {
        if (timed) return;
        timed = true;
        open();
      };
      const close = () => {
        closed = true;
        giveBack();
        api.destroy(key);
      };
      const handlers: FocusHandlers = {
        giveBack,
        focusin: (e) => {
          if (held) return;
          held = true;
          back = e.relatedTarget instanceof HTMLElement ? e.relatedTarget : null;
          open();
        },
        focusout: (e) => {
          if ((e.currentTarget as HTMLElement).contains(e.relatedTarget as Node | null)) return;
          held = false;
          open(); // the full time again from here
        },
        keydown: (e) => {
          if (e.key === 'Escape') {
            e.preventDefault();
            close();
          } else if (e.key === 'Tab' && back?.isConnected) {
            e.preventDefault();
            giveBack();
          }
        },
      };
      const notice = (duration: number | false) => ({
        key,
        duration,
        title: <Painted onPainted={painted}>{t.title}</Painted>,
        description:
          t.action && t.byKeyboard ? (
            <>
              {t.description} <KeyHint label={t.action.label} />
            </>
          ) : (
            t.description
          ),
        placement: PLACEMENTS[placement],
        // a toast with a button (Undo) waits while the pointer is on it
        pauseOnHover: !!t.action,
        role: t.kind === 'error' ? ('alert' as const) : ('status' as const),
        actions: t.action && (
          <ToastAction
            id={`${key}-action`}
            label={t.action.label}
            handlers={handlers}
            onPress={() => {
              close();
              t.action!.run();
            }}
          />
        ),
      });
      api[t.kind](notice(false));
    });
    return () => {
      document.removeEventListener('keydown', onKey);
      detach();
    };
  }, [api]);
  return holder;
}
