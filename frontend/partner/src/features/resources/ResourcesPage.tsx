import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Skeleton from 'antd/es/skeleton';
import {
  AudioOutlined,
  ExportOutlined,
  FileExcelOutlined,
  FileImageOutlined,
  FileOutlined,
  FilePdfOutlined,
  FilePptOutlined,
  FileTextOutlined,
  FileWordOutlined,
  FolderFilled,
  FolderOpenOutlined,
  HomeOutlined,
  InfoCircleOutlined,
  LockOutlined,
  PlaySquareOutlined,
  RightOutlined,
  SearchOutlined,
  TableOutlined,
  FundProjectionScreenOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DRIVE_ROOT_ALIAS } from '@portal/contracts/academy/endpoints';
import type { FileType } from '@portal/contracts/academy/files';
import type { DriveFile } from '@portal/contracts/academy/schemas';
import { StatusCard } from '../../components/StatusCard';
import { DemoBadge } from '../../components/DemoBadge';
import { PageHeader } from '../../components/PageHeader';
import { ApiError, request } from '../../lib/api';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { type Crumb, parseTrail } from './trail';
import { useFileSize } from './fileSize';
import './resources.css';
import { academyApi } from '../../lib/endpoints';
import { driveFolderQuery, folderIdOf } from './queries';
import { clearSearch } from '../../components/clearSearch';

/** Skeleton cards while a folder or a search loads (spec section 9). */
const SKELETONS = 8;
const SEARCH_DEBOUNCE_MS = 250;

const ICONS: Record<FileType, ReactNode> = {
  folder: <FolderFilled />,
  pdf: <FilePdfOutlined />,
  image: <FileImageOutlined />,
  video: <PlaySquareOutlined />,
  audio: <AudioOutlined />,
  'google-doc': <FileTextOutlined />,
  'google-sheet': <TableOutlined />,
  'google-slides': <FundProjectionScreenOutlined />,
  word: <FileWordOutlined />,
  excel: <FileExcelOutlined />,
  powerpoint: <FilePptOutlined />,
  other: <FileOutlined />,
};

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = window.setTimeout(() => setV(value), ms);
    return () => window.clearTimeout(id);
  }, [value, ms]);
  return v;
}

function FileCard({ file, onOpen, onInfo }: { file: DriveFile; onOpen: () => void; onInfo: () => void }) {
  const { t, i18n } = useTranslation('resources');
  const fileSize = useFileSize();
  const size = fileSize(file.size);
  const modified = file.modifiedTime
    ? new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium' }).format(
        new Date(file.modifiedTime),
      )
    : null;
  return (
    <div className={`res-card res-entry res-${file.fileType}`} data-file={file.id}>
      <span className="res-icon" aria-hidden="true">
        {ICONS[file.fileType]}
      </span>
      {/* The button's name "Open folder <name>" contains its visible text, the name (WCAG 2.5.3);
          the type, size and date line sits outside it and the button covers the whole card. */}
      <button
        type="button"
        className="res-card-main"
        onClick={onOpen}
        aria-label={file.isFolder ? t('openFolder', { name: file.name }) : t('openFile', { name: file.name })}
      >
        <span className="res-name" title={file.name}>
          {file.name}
        </span>
      </button>
      <span className="res-meta">
        <span className="res-type">{t(`types.${file.fileType}`)}</span>
        {size && <span>{size}</span>}
        {modified && <span>{modified}</span>}
      </span>
      {!file.isFolder && (
        <button
          type="button"
          className="res-info"
          onClick={onInfo}
          aria-label={t('details', { name: file.name })}
        >
          <InfoCircleOutlined />
        </button>
      )}
    </div>
  );
}

function InfoDialog({ file, onClose }: { file: DriveFile | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('resources');
  const [thumbFailed, setThumbFailed] = useState(false);
  useEffect(() => setThumbFailed(false), [file]);
  const fileSize = useFileSize();
  const size = file ? fileSize(file.size) : null;
  return (
    <Modal
      open={!!file}
      onCancel={onClose}
      title={file?.name}
      footer={null}
      centered
      width={480}
      destroyOnHidden
    >
      {file && (
        <div className="res-detail">
          <div className={`res-detail-preview res-${file.fileType}`}>
            {file.thumbnailLink && !thumbFailed ? (
              <img
                src={file.thumbnailLink}
                alt=""
                referrerPolicy="no-referrer"
                onError={() => setThumbFailed(true)}
              />
            ) : (
              <span className="res-icon res-icon-lg" aria-hidden="true">
                {ICONS[file.fileType]}
              </span>
            )}
          </div>
          <dl>
            <dt>{t('info.type')}</dt>
            <dd>{t(`types.${file.fileType}`)}</dd>
            {size && (
              <>
                <dt>{t('info.size')}</dt>
                <dd>{size}</dd>
              </>
            )}
            {file.modifiedTime && (
              <>
                <dt>{t('info.modified')}</dt>
                <dd>
                  {new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', {
                    dateStyle: 'long',
                    timeStyle: 'short',
                  }).format(new Date(file.modifiedTime))}
                </dd>
              </>
            )}
          </dl>
          {file.webViewLink && (
            <Button
              type="primary"
              block
              icon={<ExportOutlined />}
              href={file.webViewLink}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('info.open')}
            </Button>
          )}
        </div>
      )}
    </Modal>
  );
}

/** /resources: the shared Drive folder, with breadcrumbs from "Resources", search and a detail dialog. */
export function ResourcesPage() {
  const { t } = useTranslation('resources');
  const { user } = useSession();
  const root: Crumb = { id: DRIVE_ROOT_ALIAS, name: t('root') };
  const navigate = useNavigate();
  const params = useSearch({ strict: false }) as { path?: unknown };
  const trail = parseTrail(params.path);
  const setTrail = (next: Crumb[]) =>
    void navigate({ to: '/resources', search: (next.length ? { path: next } : {}) as never });
  const [text, setText] = useState('');
  const [info, setInfo] = useState<DriveFile | null>(null);
  const search = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const searching = text.trim().length > 0;
  const folderId = folderIdOf(params.path);

  // another folder (opened, a crumb, Back): the focus goes to its name in the breadcrumbs, above
  // its files; the pressed card or crumb is gone, and the focus fell to the page's start
  const currentCrumb = useRef<HTMLSpanElement>(null);
  const shownFolder = useRef(folderId);
  useEffect(() => {
    if (shownFolder.current === folderId) return;
    shownFolder.current = folderId;
    currentCrumb.current?.focus({ preventScroll: true });
  }, [folderId]);

  const folder = useQuery({ ...driveFolderQuery(folderId), enabled: !!user && !searching });
  const results = useQuery({
    queryKey: [academyApi.driveSearch.path, search],
    queryFn: ({ signal }) => request(academyApi.driveSearch, { query: { q: search }, signal }),
    enabled: !!user && searching && search.length > 0,
    staleTime: 30_000,
  });

  // a folder that is gone (or outside Resources) gets its own message instead of the load-error toast
  const folderMissing = folder.error instanceof ApiError && folder.error.status === 404;
  useEffect(() => {
    if (folder.isError && !folderMissing) toast.error(t('loadErrorTitle'), t('loadErrorText'));
  }, [folder.isError, folderMissing, folder.errorUpdatedAt, t]);
  useEffect(() => {
    if (results.isError) toast.error(t('searchErrorTitle'), t('searchErrorText'));
  }, [results.isError, results.errorUpdatedAt, t]);

  if (!user) {
    return (
      <StatusCard icon={<LockOutlined />} tone="warn" title={t('restrictedTitle')}>
        <p>{t('restrictedText')}</p>
      </StatusCard>
    );
  }

  const active = searching ? results : folder;
  const loading = searching
    ? search !== text.trim() || results.isPending || results.isFetching
    : folder.isPending || folder.isFetching;
  const files = active.data?.files ?? [];

  const open = (file: DriveFile) => {
    if (file.isFolder) {
      // from search results the folder's own path is unknown: it opens right under Resources
      setTrail(searching ? [{ id: file.id, name: file.name }] : [...trail, { id: file.id, name: file.name }]);
      setText('');
    } else if (file.webViewLink) {
      window.open(file.webViewLink, '_blank', 'noopener,noreferrer');
    }
  };

  const crumbs = [root, ...trail];
  return (
    <div className="page resources">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <DemoBadge source="drive" />
      <div className="res-toolbar">
        <Input
          size="large"
          allowClear={clearSearch(t)}
          prefix={<SearchOutlined />}
          placeholder={t('searchPlaceholder')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-label={t('search')}
          className="res-search"
        />
      </div>

      {searching ? (
        <p className="res-search-note">{t('searchingFor', { q: text.trim() })}</p>
      ) : (
        <nav className="res-crumbs" aria-label={t('breadcrumbs')}>
          <ol>
            {crumbs.map((c, i) => {
              const last = i === crumbs.length - 1;
              return (
                <li key={`${c.id}-${i}`}>
                  {i > 0 && <RightOutlined className="res-crumb-sep" aria-hidden="true" />}
                  {last ? (
                    <span aria-current="page" className="res-crumb-current" ref={currentCrumb} tabIndex={-1}>
                      {i === 0 ? <HomeOutlined /> : <FolderOpenOutlined />} {c.name}
                    </span>
                  ) : (
                    <button type="button" className="res-crumb" onClick={() => setTrail(trail.slice(0, i))}>
                      {i === 0 ? <HomeOutlined /> : <FolderOpenOutlined />} {c.name}
                    </button>
                  )}
                </li>
              );
            })}
          </ol>
        </nav>
      )}

      <section aria-busy={loading} aria-live="polite">
        {loading ? (
          <div className="res-grid">
            {Array.from({ length: SKELETONS }, (_, i) => (
              <div className="res-card res-skeleton" key={i} data-testid="resource-skeleton">
                <Skeleton
                  active
                  avatar={{ shape: 'square', size: 44 }}
                  paragraph={{ rows: 1 }}
                  title={false}
                />
              </div>
            ))}
          </div>
        ) : !searching && folderMissing ? (
          <div className="empty-state res-empty">
            <FolderOpenOutlined aria-hidden="true" />
            <h2>{t('missingTitle')}</h2>
            <p>{t('missingText')}</p>
            <Button type="primary" icon={<HomeOutlined />} onClick={() => setTrail([])}>
              {t('backToRoot')}
            </Button>
          </div>
        ) : active.isError ? (
          <div className="empty-state res-empty">
            <FolderOpenOutlined aria-hidden="true" />
            <h2>{searching ? t('searchErrorTitle') : t('loadErrorTitle')}</h2>
            <Button onClick={() => void active.refetch()}>{t('retry')}</Button>
          </div>
        ) : files.length === 0 ? (
          <div className="empty-state res-empty">
            {searching ? <SearchOutlined aria-hidden="true" /> : <FolderOpenOutlined aria-hidden="true" />}
            <h2>{searching ? t('noResultsTitle') : t('emptyTitle')}</h2>
            <p>{searching ? t('noResultsText') : t('emptyText')}</p>
          </div>
        ) : (
          <div className="res-grid">
            {files.map((f) => (
              <FileCard key={f.id} file={f} onOpen={() => open(f)} onInfo={() => setInfo(f)} />
            ))}
          </div>
        )}
      </section>
      <InfoDialog file={info} onClose={() => setInfo(null)} />
    </div>
  );
}
