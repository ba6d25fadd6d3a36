import { fileSizeOf } from '@portal/contracts/academy/files';
import { formatNumber } from '@portal/contracts/core/numbers';
import type { DriveFile } from '@portal/contracts/academy/schemas';
import { useTranslation } from 'react-i18next';

/**
 * A file's size as the reader's language writes it: "19.52 KB", "19,52 KB" in Spanish,
 * "19,52 Ko" in French (the units are translations, at most two decimals, a no-break space
 * before the unit); null when there is no size to show.
 */
export function useFileSize(): (bytes: DriveFile['size']) => string | null {
  const { t, i18n } = useTranslation('resources');
  return (bytes) => {
    const size = fileSizeOf(bytes);
    if (!size) return null;
    const value = formatNumber(i18n.resolvedLanguage ?? 'en', size.value, 2);
    return t(`size.${size.unit}`, { count: size.value, size: value });
  };
}
