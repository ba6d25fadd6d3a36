import Chip from '@mui/material/Chip';
import { useTranslate, useLocaleState } from 'react-admin';
import { lastLoginLabel } from './labels';

export function useDateFormat() {
  const [locale] = useLocaleState();
  return {
    date: (value: string | Date) =>
      new Date(value).toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric' }),
    dateTime: (value: string | Date) =>
      new Date(value).toLocaleString(locale, {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      }),
    time: (value: string | Date) =>
      new Date(value).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit' }),
    number: (value: number, digits = 0) => value.toLocaleString(locale, { maximumFractionDigits: digits }),
  };
}

export function LastLogin({ value }: { value: string | null | undefined }) {
  const t = useTranslate();
  const { date } = useDateFormat();
  const label = lastLoginLabel(value);
  switch (label.key) {
    case 'date':
      return <span title={value ?? ''}>{date(label.date)}</span>;
    case 'daysAgo':
      return <span title={value ?? ''}>{t('app.lastLogin.daysAgo', { count: label.count })}</span>;
    case 'weeksAgo':
      return <span title={value ?? ''}>{t('app.lastLogin.weeksAgo', { smart_count: label.count })}</span>;
    default:
      return <span title={value ?? ''}>{t(`app.lastLogin.${label.key}`)}</span>;
  }
}

export type Level = 'healthy' | 'warning' | 'critical';
export const LEVEL_COLOR: Record<Level, string> = {
  healthy: '#2e7d32',
  warning: '#ed6c02',
  critical: '#d32f2f',
};
const LEVEL_CHIP: Record<Level, 'success' | 'warning' | 'error'> = {
  healthy: 'success',
  warning: 'warning',
  critical: 'error',
};

export function LevelChip({ level, label }: { level: Level; label: string }) {
  return <Chip size="small" color={LEVEL_CHIP[level]} label={label} />;
}

export const bytes = (n: number | null | undefined) => {
  if (n === null || n === undefined || !Number.isFinite(n)) return '—';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let v = n;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(i ? 1 : 0)} ${units[i]}`;
};
