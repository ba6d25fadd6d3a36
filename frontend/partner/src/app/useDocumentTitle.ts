import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Keys of `shell:titles.*`: each route names its page for the document title (router.tsx). */
export type PageTitleKey =
  | 'home'
  | 'register'
  | 'resetPassword'
  | 'forgotPassword'
  | 'newPassword'
  | 'dashboard'
  | 'foundation'
  | 'onboarding'
  | 'academy'
  | 'liveCalls'
  | 'replays'
  | 'vault'
  | 'resources'
  | 'partners'
  | 'settings'
  | 'admin'
  | 'performance'
  | 'notFound';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** the page's name in the document title */
    titleKey?: PageTitleKey;
  }
}

/**
 * Keeps `<title>` on the current page, in the interface language: "Foundation · Training
 * Academy" (screen readers announce it on each navigation; tabs and history show it).
 */
export function useDocumentTitle() {
  const { t } = useTranslation('shell');
  const key = useRouterState({
    select: (s): PageTitleKey | undefined => {
      if (s.matches.some((m) => m.status === 'notFound' || m._notFound)) return 'notFound';
      for (let i = s.matches.length - 1; i >= 0; i--) {
        const titleKey = s.matches[i]?.staticData.titleKey;
        if (titleKey) return titleKey;
      }
      return undefined;
    },
  });
  const brand = t('common:brand.name');
  const title =
    key && key !== 'home'
      ? t('titles.format', { page: t(`titles.${key}`), brand })
      : `${brand} · ${t('titles.home')}`;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
