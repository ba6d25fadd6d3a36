import Button from 'antd/es/button';
import { CloseOutlined, CompassOutlined } from '@ant-design/icons';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBodyScrollLock } from '../../app/useBodyScrollLock';
import { whenIdle } from '../../lib/whenIdle';
import { ACADEMY_PROMPT_DELAY_MS } from './tutorial';

interface Choice {
  onStart: () => void;
  onSkip: () => void;
}

/**
 * Offers the tour by itself 1 s after the hub shows (once the browser is idle then) while
 * `armed` (the foundation is complete, the record has none of its flags, the tour has not been
 * started), once per visit. Its state is its own: opening the prompt renders only the prompt,
 * not the hub again.
 */
export function TourOffer({ armed, onStart, onSkip }: Choice & { armed: boolean }) {
  const [state, setState] = useState<'waiting' | 'open' | 'answered'>('waiting');
  useEffect(() => {
    if (!armed || state !== 'waiting') return;
    let cancelIdle: (() => void) | undefined;
    const id = window.setTimeout(() => {
      cancelIdle = whenIdle(() => setState('open'));
    }, ACADEMY_PROMPT_DELAY_MS);
    return () => {
      window.clearTimeout(id);
      cancelIdle?.();
    };
  }, [armed, state]);
  if (state !== 'open') return null;
  const answer = (choice: () => void) => () => {
    setState('answered');
    choice();
  };
  return <TourPrompt onStart={answer(onStart)} onSkip={answer(onSkip)} />;
}

/**
 * The academy's offer of the tour; declining or closing it (×, Escape) counts as skipping the
 * tour. A plain dialog, not antd's Modal (its motion, focus lock and scrollbar measuring cost a
 * phone's main thread a long task), and not a modal `<dialog>` either (`showModal()` makes the
 * page inert, which restyles the whole page at once): a `<dialog>` opened with `show()` over a
 * mask that takes the clicks, named by its heading, with the focus on its main button, Tab kept
 * inside (`lib/dialogTabLoop.ts`) and the page's scrolling locked, as antd's Modal did.
 */
function TourPrompt({ onStart, onSkip }: Choice) {
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
