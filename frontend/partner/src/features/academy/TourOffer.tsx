import { useEffect, useState, type ComponentType } from 'react';
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
 * second and rendered once loaded, without React's `lazy`: a suspended part of the page is
 * shown at the earliest 300 ms after it suspended, which made the prompt come at 1.3 s.
 */
export function TourOffer({ armed, onStart, onSkip }: TourChoice & { armed: boolean }) {
  const [state, setState] = useState<'waiting' | 'open' | 'answered'>('waiting');
  const [Prompt, setPrompt] = useState<ComponentType<TourChoice> | null>(null);
  useEffect(() => {
    if (!armed || state !== 'waiting') return;
    let live = true;
    let cancelIdle: (() => void) | undefined;
    const loaded = loadPrompt();
    const id = window.setTimeout(() => {
      cancelIdle = whenIdle(
        () =>
          void loaded.then(({ default: prompt }) => {
            if (!live) return;
            setPrompt(() => prompt);
            setState('open');
          }),
      );
    }, ACADEMY_PROMPT_DELAY_MS);
    return () => {
      live = false;
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
