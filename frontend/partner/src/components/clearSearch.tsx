import { CloseCircleFilled } from '@ant-design/icons';
import type { TFunction } from 'i18next';

/**
 * A search field's clear button (antd `allowClear`): a button named only by its icon, which is
 * hidden from screen readers (build/decorativeIcons.ts); the icon's label names the button.
 */
export const clearSearch = (t: TFunction) => ({
  clearIcon: <CloseCircleFilled aria-label={t('common:actions.clearSearch')} />,
});
