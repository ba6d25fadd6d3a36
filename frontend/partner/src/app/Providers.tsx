import ConfigProvider from 'antd/es/config-provider';
import type { Locale } from 'antd/es/locale';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../lib/i18n';
import { queryClient } from '../lib/queryClient';
import { toastHost } from '../lib/toast';
import { useModule } from '../../../shared/useModule';
import { antdLocaleIfLoaded, defaultAntdLocale, loadAntdLocale } from './antdLocale';
import { theme } from './theme';

const loadToastHost = () => import('../components/ToastHost');

/** antd's locale follows the interface language (kept on the last one while the next loads). */
function useAntdLocale(): Locale {
  const { i18n } = useTranslation();
  const lang = currentLanguage();
  void i18n.language;
  const [shown, setShown] = useState<Locale>(() => antdLocaleIfLoaded(lang) ?? defaultAntdLocale);
  useEffect(() => {
    let live = true;
    loadAntdLocale(lang).then(
      (locale) => live && setShown(locale),
      () => undefined, // a failed download keeps the current texts
    );
    return () => {
      live = false;
    };
  }, [lang]);
  return shown;
}

export function Providers({ children }: { children: ReactNode }) {
  const locale = useAntdLocale();
  const wantToasts = toastHost.use((s) => s.wanted);
  const ToastHost = useModule(loadToastHost, wantToasts);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider theme={theme} locale={locale}>
        {children}
        {ToastHost && <ToastHost />}
      </ConfigProvider>
    </QueryClientProvider>
  );
}
