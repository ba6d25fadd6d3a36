import type { KeyboardEvent } from 'react';

const STEPS: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * The WAI-ARIA radio group pattern for a row of buttons (the language list, the replay
 * categories): one Tab stop, the checked radio; the arrows move to the next or previous one (round
 * the ends) and check it, Home and End the first and the last. Spread `group` on the element
 * holding the radios and `radio(value)` on each.
 */
export function radioGroup<T>(values: readonly T[], checked: T, check: (value: T) => void) {
  return {
    group: {
      role: 'radiogroup' as const,
      onKeyDown(e: KeyboardEvent<HTMLElement>) {
        const radios = [...e.currentTarget.querySelectorAll<HTMLElement>('[role="radio"]')];
        const from = radios.indexOf(document.activeElement as HTMLElement);
        if (from < 0 || e.altKey || e.ctrlKey || e.metaKey) return;
        const last = values.length - 1;
        const to =
          e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : e.key in STEPS
                ? (from + STEPS[e.key]! + values.length) % values.length
                : -1;
        if (to < 0) return;
        e.preventDefault();
        check(values[to]!);
        radios[to]?.focus();
      },
    },
    radio: (value: T) => ({
      role: 'radio' as const,
      'aria-checked': value === checked,
      // the checked one is the group's stop (the first while none is)
      tabIndex: value === checked || (!values.includes(checked) && value === values[0]) ? 0 : -1,
      onClick: () => check(value),
    }),
  };
}
