import Button from 'antd/es/button';
import { ReloadOutlined } from '@ant-design/icons';
import { StatusCard } from './StatusCard';

export interface LoadFailedCardProps {
  title: string;
  text: string;
  retryLabel: string;
  onRetry: () => void;
  retrying: boolean;
}

/** A page's data could not be loaded: a warning card with a Retry button. */
export function LoadFailedCard({ title, text, retryLabel, onRetry, retrying }: LoadFailedCardProps) {
  return (
    <StatusCard
      icon={<ReloadOutlined />}
      tone="warn"
      title={title}
      actions={
        <Button type="primary" onClick={onRetry} loading={retrying}>
          {retryLabel}
        </Button>
      }
    >
      <p>{text}</p>
    </StatusCard>
  );
}
