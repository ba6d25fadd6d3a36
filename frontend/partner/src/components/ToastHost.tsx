import Button from 'antd/es/button';
import notification from 'antd/es/notification';
import { useEffect } from 'react';
import {
  attachToastHost,
  placementFor,
  TOAST_DURATION_MS,
  TOAST_MAX_COUNT,
  type ToastPlacement,
} from '../lib/toast';

const PLACEMENTS = { top: 'topRight', bottom: 'bottomRight' } as const;

/** Mounted on the first toast (its own chunk): one antd notification at a time, 2 s each. */
export default function ToastHost() {
  const [api, holder] = notification.useNotification({
    maxCount: TOAST_MAX_COUNT,
    duration: TOAST_DURATION_MS / 1000,
    top: 76,
    pauseOnHover: false,
  });
  useEffect(() => {
    let shown: ToastPlacement | null = null;
    let count = 0;
    return attachToastHost((t) => {
      const placement = placementFor(t.near, window.innerHeight);
      // one toast at a time, also when the next one goes to the other edge
      if (shown && shown !== placement) api.destroy();
      shown = placement;
      const key = `toast-${++count}`;
      api[t.kind]({
        key,
        title: t.title,
        description: t.description,
        placement: PLACEMENTS[placement],
        // a toast with a button (Undo) waits while the pointer is on it
        pauseOnHover: !!t.action,
        role: t.kind === 'error' ? 'alert' : 'status',
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
    });
  }, [api]);
  return holder;
}
