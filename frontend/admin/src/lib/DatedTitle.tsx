import { useRecordContext, useTranslate } from 'react-admin';
import { useFormat } from './format';

/**
 * A record's page named by when it was made (`text` with its `date`), e.g. a sync run's or an
 * e-mail's: react-admin's default showed a run's id (a UUID) or an e-mail's whole subject, too
 * long for the app bar and already the page's heading. `fallback` while the record loads.
 */
export function DatedTitle({ text, fallback }: { text: string; fallback: string }) {
  const record = useRecordContext<{ createdAt: string }>();
  const t = useTranslate();
  const { dateTime } = useFormat();
  return <>{record ? t(text, { date: dateTime(record.createdAt) }) : t(fallback)}</>;
}
