import Button from 'antd/es/button';
import notification from 'antd/es/notification';
import { useEffect, type ReactNode } from 'react';
import { attachToastHost, placementFor, TOAST_DURATION_MS, TOAST_MAX_COUNT } from '../lib/toast';
import { afterPaint } from '../lib/afterPaint';

const PLACEMENTS = { top: 'topRight', bottom: 'bottomRight', bottomLeft: 'bottomLeft' } as const;

// One object for every render, so `api` stays the same and the host attaches once.
const CONFIG = { maxCount: TOAST_MAX_COUNT, top: 76, pauseOnHover: false } as const;

/** Toast keys, unique for the page's life: a late first paint never times a later toast. */
let count = 0;

/** Calls `onPainted` once the browser has painted it. */
function Painted({ children, onPainted }: { children: ReactNode; onPainted: () => void }) {
  useEffect(() => afterPaint(onPainted), [onPainted]);
  return children;
}

/**
 * Mounted on the first toast (its own chunk): one antd notification at a time. Each one's 2 s
 * start when it is first painted, not when it mounts: antd's timer counts from the mount, and a
 * busy page (a slow phone, right after the action that raised the toast) could use up the 2 s
 * before the toast was ever on screen.
 */
export default function ToastHost() {
  const [api, holder] = notification.useNotification(CONFIG);
  useEffect(() => {
    let shown: keyof typeof PLACEMENTS | null = null;
    let current: string | null = null;
    return attachToastHost((t) => {
      const placement = t.bottomLeft ? 'bottomLeft' : placementFor(t.near, window.innerHeight);
      // one toast at a time, also when the next one goes to the other edge
      if (shown && shown !== placement) api.destroy();
      shown = placement;
      const key = `toast-${++count}`;
      current = key;
      let timed = false;
      // opened without a timer; once painted, opened again (same key: the same notice) with it
      const painted = () => {
        if (timed || current !== key) return;
        timed = true;
        api[t.kind](notice(TOAST_DURATION_MS / 1000));
      };
      const notice = (duration: number | false) => ({
        key,
        duration,
        title: <Painted onPainted={painted}>{t.title}</Painted>,
        description: t.description,
        placement: PLACEMENTS[placement],
        // a toast with a button (Undo) waits while the pointer is on it
        pauseOnHover: !!t.action,
        role: t.kind === 'error' ? ('alert' as const) : ('status' as const),
        actions: t.action && (
          <Button
            size="small"
            onClick={() => {
              api.destroy(key);
              t.action!.run();
            }}
          >
            {t.action.label}
          </Button>
        ),
      });
      api[t.kind](notice(false));
    });
  }, [api]);
  return holder;
}
