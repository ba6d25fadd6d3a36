import Button from 'antd/es/button';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { pageButtons, shownRange, totalPages } from './partnersModel';

/** 'Showing X to Y of Z partners', previous / next and up to five page buttons. */
export function Pager({
  page,
  shownPage = page,
  pageSize,
  total,
  onPage,
}: {
  /** the page asked for (highlighted at once) */
  page: number;
  /** the page whose cards are on screen (differs from `page` while the next one loads) */
  shownPage?: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('partners');
  const pages = totalPages(total, pageSize);
  const range = shownRange(shownPage, pageSize, total);
  return (
    <div className="partners-pager">
      <p className="partners-showing" data-testid="partners-showing">
        {t('pagination.showing', { ...range, count: range.total })}
      </p>
      {pages > 1 && (
        <nav className="partners-pages" aria-label={t('pagination.label')}>
          {/* on a phone the arrows alone (partners.css): "Anterior 1 2 Siguiente" took two rows */}
          <Button
            icon={<LeftOutlined aria-hidden="true" />}
            aria-label={t('pagination.previous')}
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
          >
            <span className="partners-page-word">{t('pagination.previous')}</span>
          </Button>
          {pageButtons(page, pages).map((n) => (
            <Button
              key={n}
              type={n === page ? 'primary' : 'default'}
              aria-current={n === page ? 'page' : undefined}
              aria-label={t('pagination.page', { page: n })}
              onClick={() => onPage(n)}
            >
              {n}
            </Button>
          ))}
          <Button
            aria-label={t('pagination.next')}
            disabled={page >= pages}
            onClick={() => onPage(page + 1)}
            iconPlacement="end"
            icon={<RightOutlined aria-hidden="true" />}
          >
            <span className="partners-page-word">{t('pagination.next')}</span>
          </Button>
        </nav>
      )}
    </div>
  );
}
