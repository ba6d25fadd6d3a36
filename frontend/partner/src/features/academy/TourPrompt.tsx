import Button from 'antd/es/button';
import { CloseOutlined, CompassOutlined } from '@ant-design/icons';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBodyScrollLock } from '../../app/useBodyScrollLock';
import type { TourChoice } from './TourOffer';

/**
 * The academy's offer of the tour; declining or closing it (×, Escape) counts as skipping the
 * tour. A plain dialog, not antd's Modal (its motion, focus lock and scrollbar measuring cost a
 * phone's main thread a long task), and not a modal `<dialog>` either (`showModal()` makes the
 * page inert, which restyles the whole page at once): a `<dialog>` opened with `show()` over a
 * mask that takes the clicks, named by its heading, with the focus on its main button, Tab kept
 * inside (`lib/dialogTabLoop.ts`) and the page's scrolling locked, as antd's Modal did.
 */
export default function TourPrompt({ onStart, onSkip }: TourChoice) {
  const { t } = useTranslation('academy');
  const dialog = useRef<HTMLDialogElement>(null);
  const start = useRef<HTMLButtonElement>(null);
  useBodyScrollLock(true);

  useLayoutEffect(() => {
    const el = dialog.current!;
    el.show();
    start.current?.focus();
    return () => el.close();
  }, []);

  return (
    <>
      <div className="tour-prompt-mask" />
      <dialog
        ref={dialog}
        className="tour-prompt"
        aria-labelledby="tour-prompt-title"
        aria-modal="true"
        onKeyDown={(e) => {
          if (e.key === 'Escape') onSkip();
        }}
      >
        <button type="button" className="tour-prompt-close" aria-label={t('tour.close')} onClick={onSkip}>
          <CloseOutlined aria-hidden="true" />
        </button>
        <div className="tour-prompt-head">
          <span className="status-icon tour-prompt-icon" aria-hidden="true">
            <CompassOutlined />
          </span>
          <h2 id="tour-prompt-title">{t('prompt.title')}</h2>
        </div>
        <div className="tour-prompt-body">
          <p>{t('prompt.text')}</p>
          <div className="tour-prompt-actions">
            <Button onClick={onSkip}>{t('prompt.skip')}</Button>
            <Button ref={start} type="primary" onClick={onStart}>
              {t('prompt.start')}
            </Button>
          </div>
        </div>
      </dialog>
    </>
  );
}
