import { ACTIONS, EVENTS, Joyride, STATUS, type EventData, type Controls, type Step } from 'react-joyride';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TourTooltip } from './TourTooltip';
import { TOUR_ANCHORS, TOUR_SCROLL_OFFSET, TOUR_SPOTLIGHT_PADDING, TOUR_START_DELAY_MS } from './tutorial';

const STEP_KEYS: Record<(typeof TOUR_ANCHORS)[number], string> = {
  'live-calls': 'liveCalls',
  replays: 'replays',
  'success-stories': 'vault',
  resources: 'resources',
  partners: 'partners',
  progress: 'progress',
};

/**
 * The six-step academy tour (react-joyride): tooltips below their anchor, no beacon, progress
 * and skip shown, scroll offset 120, spotlight padding 10, a click on the overlay closes it.
 * Starts 0.5 s after it is shown. Finishing and skipping/closing are reported once. Its tooltip
 * is the app's own (TourTooltip), with antd buttons.
 */
export default function AcademyTour({
  onFinished,
  onSkipped,
}: {
  onFinished: () => void;
  onSkipped: () => void;
}) {
  const { t } = useTranslation('academy');
  const [run, setRun] = useState(false);
  const ended = useRef(false);

  useEffect(() => {
    const id = window.setTimeout(() => setRun(true), TOUR_START_DELAY_MS);
    return () => window.clearTimeout(id);
  }, []);

  const steps = useMemo<Step[]>(
    () =>
      TOUR_ANCHORS.map((anchor) => ({
        target: `[data-tour="${anchor}"]`,
        title: t(`tour.steps.${STEP_KEYS[anchor]}.title`),
        content: t(`tour.steps.${STEP_KEYS[anchor]}.text`),
        placement: 'bottom' as const,
      })),
    [t],
  );

  const end = (how: 'finished' | 'skipped') => {
    if (ended.current) return;
    ended.current = true;
    setRun(false);
    if (how === 'finished') onFinished();
    else onSkipped();
  };

  const onEvent = (data: EventData, controls: Controls) => {
    // a click on the overlay or the close button ends the tour (recorded as skipped)
    if (data.action === ACTIONS.CLOSE && data.type === EVENTS.STEP_AFTER) {
      controls.skip('button_close');
      return;
    }
    if (data.status === STATUS.FINISHED) end('finished');
    else if (data.status === STATUS.SKIPPED) end('skipped');
  };

  return (
    <Joyride
      run={run}
      steps={steps}
      continuous
      scrollToFirstStep
      onEvent={onEvent}
      tooltipComponent={TourTooltip}
      locale={{
        back: t('tour.back'),
        close: t('tour.close'),
        last: t('tour.last'),
        next: t('tour.next'),
        nextWithProgress: t('tour.nextWithProgress'),
        skip: t('tour.skip'),
      }}
      options={{
        skipBeacon: true,
        showProgress: true,
        buttons: ['back', 'close', 'primary', 'skip'],
        // joyride 3 scrolls the padding further on top of its offset: the card's own top comes
        // to rest 120 px below the viewport's (tourLayout.e2e)
        scrollOffset: TOUR_SCROLL_OFFSET - TOUR_SPOTLIGHT_PADDING,
        spotlightPadding: TOUR_SPOTLIGHT_PADDING,
        spotlightRadius: 18,
        overlayClickAction: 'close',
        closeButtonAction: 'skip',
        zIndex: 1100,
        width: 360,
      }}
    />
  );
}
