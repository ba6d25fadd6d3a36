import ConfigProvider from 'antd/es/config-provider';
import type { Locale } from 'antd/es/locale';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
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

/**
 * antd names the password fields' eye button with its locale's bare "Show" / "Afficher" / "Mostrar":
 * a screen reader heard "Afficher, bouton bascule" beside the field. The app's own texts name it
 * "Show password" / "Afficher le mot de passe" (antd uses these two texts for nothing else).
 */
function useNamedLocale(locale: Locale): Locale {
  const { t } = useTranslation();
  const show = t('password.show');
  const hide = t('password.hide');
  return useMemo(() => ({ ...locale, global: { ...locale.global, show, hide } }), [locale, show, hide]);
}

export function Providers({ children }: { children: ReactNode }) {
  const locale = useNamedLocale(useAntdLocale());
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
