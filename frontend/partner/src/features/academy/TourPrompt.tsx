import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import { CompassOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** The academy's offer of the tour; declining or closing it counts as skipping the tour. */
export default function TourPrompt({ onStart, onSkip }: { onStart: () => void; onSkip: () => void }) {
  const { t } = useTranslation('academy');
  return (
    <Modal
      open
      centered
      width={440}
      onCancel={onSkip}
      title={null}
      footer={null}
      className="tour-prompt"
      aria-labelledby="tour-prompt-title"
    >
      <div className="tour-prompt-body">
        <span className="tour-prompt-icon" aria-hidden="true">
          <CompassOutlined />
        </span>
        <h2 id="tour-prompt-title">{t('prompt.title')}</h2>
        <p>{t('prompt.text')}</p>
        <div className="tour-prompt-actions">
          <Button onClick={onSkip}>{t('prompt.skip')}</Button>
          <Button type="primary" onClick={onStart} autoFocus>
            {t('prompt.start')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
