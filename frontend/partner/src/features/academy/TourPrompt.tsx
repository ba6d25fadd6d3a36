import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import { CompassOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** The academy's offer of the tour; declining or closing it counts as skipping the tour. */
export default function TourPrompt({ onStart, onSkip }: { onStart: () => void; onSkip: () => void }) {
  const { t } = useTranslation('academy');
  return (
    // The heading is the Modal's title, so the dialog is named by it (antd labels the dialog
    // with its title only).
    <Modal
      open
      centered
      width={440}
      onCancel={onSkip}
      title={
        <div className="tour-prompt-head">
          <span className="status-icon tour-prompt-icon" aria-hidden="true">
            <CompassOutlined />
          </span>
          <h2>{t('prompt.title')}</h2>
        </div>
      }
      footer={null}
      className="tour-prompt"
    >
      <div className="tour-prompt-body">
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
