import { useMemo, type ReactNode } from 'react';
import { I18nContext, useI18nProvider, type I18nProvider } from 'react-admin';

/**
 * react-admin's SelectInput names its empty choice "Clear value" for screen readers and in its
 * tooltip (a hard-coded `ra.action.clear_input_value` aria-label and title), whatever the choice
 * shows. Around one SelectInput, this names it by the text it shows (`name`, a translation key),
 * so the menu reads "All" as it looks; every other text is translated as before.
 */
export function EmptyChoiceName({ name, children }: { name: string; children: ReactNode }) {
  const i18n = useI18nProvider();
  const named = useMemo<I18nProvider>(
    () => ({
      ...i18n,
      translate: (key, options) =>
        i18n.translate(key === 'ra.action.clear_input_value' ? name : key, options),
    }),
    [i18n, name],
  );
  return <I18nContext.Provider value={named}>{children}</I18nContext.Provider>;
}
