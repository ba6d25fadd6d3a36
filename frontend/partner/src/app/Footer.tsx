import { useTranslation } from 'react-i18next';

export function Footer() {
  const { t } = useTranslation('shell');
  return (
    <footer className="footer">
      <div className="footer-inner">
        <span>{t('footer.copyright', { year: new Date().getFullYear() })}</span>
        <span className="version-tag">{t('footer.version')}</span>
      </div>
    </footer>
  );
}
