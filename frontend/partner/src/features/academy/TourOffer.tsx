import { useEffect, useState } from 'react';
import { useModule } from '../../../../shared/useModule';
import { whenIdle } from '../../lib/whenIdle';
import { ACADEMY_PROMPT_DELAY_MS } from './tutorial';

export interface TourChoice {
  onStart: () => void;
  onSkip: () => void;
}

const loadPrompt = () => import('./TourPrompt');

/**
 * Offers the tour by itself 1 s after the hub shows (once the browser is idle then) while
 * `armed` (the foundation is complete, the record has none of its flags, the tour has not been
 * started), once per visit. Its state is its own: opening the prompt renders only the prompt,
 * not the hub again. The prompt's code (the dialog, the scroll lock) is fetched during that
 * second (`useModule`).
 */
export function TourOffer({ armed, onStart, onSkip }: TourChoice & { armed: boolean }) {
  const [state, setState] = useState<'waiting' | 'open' | 'answered'>('waiting');
  const Prompt = useModule(loadPrompt, armed);
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
  if (state !== 'open' || !Prompt) return null;
  const answer = (choice: () => void) => () => {
    setState('answered');
    choice();
  };
  return <Prompt onStart={answer(onStart)} onSkip={answer(onSkip)} />;
}
