import { Suspense, lazy, useEffect, useState } from 'react';
import { whenIdle } from '../../lib/whenIdle';
import { ACADEMY_PROMPT_DELAY_MS } from './tutorial';

const TourPrompt = lazy(() => import('./TourPrompt'));

export interface TourChoice {
  onStart: () => void;
  onSkip: () => void;
}

/**
 * Offers the tour by itself 1 s after the hub shows (once the browser is idle then) while
 * `armed` (the foundation is complete, the record has none of its flags, the tour has not been
 * started), once per visit. Its state is its own: opening the prompt renders only the prompt,
 * not the hub again. The prompt's code (the dialog, the scroll lock) loads only then.
 */
export function TourOffer({ armed, onStart, onSkip }: TourChoice & { armed: boolean }) {
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
  return (
    <Suspense fallback={null}>
      <TourPrompt onStart={answer(onStart)} onSkip={answer(onSkip)} />
    </Suspense>
  );
}
