import ConfigProvider from 'antd/es/config-provider';
import type { Locale } from 'antd/es/locale';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../lib/i18n';
import { queryClient } from '../lib/queryClient';
import { toastHost } from '../lib/toast';
import { theme } from './theme';

const ToastHost = lazy(() => import('../components/ToastHost'));

/** antd texts (modal buttons, empty states, pickers) follow the interface language; en is built in. */
const antdLocales: Record<string, () => Promise<{ default: Locale }>> = {
  es: () => import('antd/es/locale/es_ES'),
  fr: () => import('antd/es/locale/fr_FR'),
};

function useAntdLocale(): Locale | undefined {
  const { i18n } = useTranslation();
  const lang = currentLanguage();
  void i18n.language;
  const [loaded, setLoaded] = useState<{ lang: string; locale: Locale } | null>(null);
  useEffect(() => {
    let live = true;
    antdLocales[lang]?.().then((m) => live && setLoaded({ lang, locale: m.default }));
    return () => {
      live = false;
    };
  }, [lang]);
  return loaded?.lang === lang ? loaded.locale : undefined;
}

export function Providers({ children }: { children: ReactNode }) {
  const locale = useAntdLocale();
  const wantToasts = toastHost.use((s) => s.wanted);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider theme={theme} locale={locale}>
        {children}
        {wantToasts && (
          <Suspense fallback={null}>
            <ToastHost />
          </Suspense>
        )}
      </ConfigProvider>
    </QueryClientProvider>
  );
}
