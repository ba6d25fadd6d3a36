import notification from 'antd/es/notification';
import { useEffect } from 'react';
import { attachToastHost, TOAST_DURATION_MS, TOAST_MAX_COUNT } from '../lib/toast';

/** Mounted on the first toast (its own chunk): one antd notification at a time, 2 s each. */
export default function ToastHost() {
  const [api, holder] = notification.useNotification({
    maxCount: TOAST_MAX_COUNT,
    duration: TOAST_DURATION_MS / 1000,
    placement: 'topRight',
    top: 76,
    pauseOnHover: false,
  });
  useEffect(
    () =>
      attachToastHost((t) =>
        api[t.kind]({
          title: t.title,
          description: t.description,
          role: t.kind === 'error' ? 'alert' : 'status',
        }),
      ),
    [api],
  );
  return holder;
}
