import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';

/**
 * A queue's or a read model's name as an admin reads it ("Mailchimp sync"), with its internal
 * name ("mailchimp") under it in small type for whoever looks it up in the logs or the worker.
 * A name the console does not know yet (a new queue) shows as it is, once.
 */
export function SystemName({ kind, name }: { kind: 'queueNames' | 'projectionNames'; name: string }) {
  const t = useTranslate();
  const label = t(`app.system.${kind}.${name}`, { _: name });
  if (label === name) return <>{name}</>;
  return (
    <>
      {label}
      <Typography variant="caption" component="div" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
        {name}
      </Typography>
    </>
  );
}
