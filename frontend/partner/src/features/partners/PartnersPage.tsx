import Button from 'antd/es/button';
import Input, { type InputRef } from 'antd/es/input';
import Segmented from 'antd/es/segmented';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import {
  CheckCircleOutlined,
  ClearOutlined,
  RiseOutlined,
  SearchOutlined,
  TeamOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PARTNERS_PAGE_SIZE,
  type PartnerScope,
  type PartnerSort,
  type PartnerStatusFilter,
} from '@portal/contracts/partners/endpoints';
import { formatNumber } from '@portal/contracts/core/numbers';
import { PageHeader } from '../../components/PageHeader';
import { translatedServerMessageOf } from '../../lib/api';
import { currentLanguage } from '../../lib/i18n';
import { PartnerCard } from './PartnerCard';
import { PartnerSheet } from './PartnerSheet';
import { Pager } from './Pager';
import { dedupeByEmail } from './partnersModel';
import { FIRST_LIST, partnersListQuery, partnersStatsQuery, type PartnerItem } from './partnersQueries';
import { NeedsAttention } from '../coaching/NeedsAttention';
import './partners.css';
import { clearSearch } from '../../components/clearSearch';

/** Wait after the last keystroke before searching. */
const SEARCH_DEBOUNCE_MS = 300;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const id = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(id);
  }, [value, ms]);
  return debounced;
}

function StatCard({
  icon,
  label,
  value,
  tone,
}: {
  icon: ReactNode;
  label: string;
  value: number | undefined;
  tone: string;
}) {
  return (
    <div className={`partners-stat partners-stat-${tone}`}>
      <span className="partners-stat-icon" aria-hidden="true">
        {icon}
      </span>
      <span className="partners-stat-text">
        <span className="partners-stat-value">
          {value === undefined ? '–' : formatNumber(currentLanguage(), value)}
        </span>
        <span className="partners-stat-label">{label}</span>
      </span>
    </div>
  );
}

function EmptyState({
  icon,
  title,
  text,
  action,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  action: ReactNode;
}) {
  return (
    <div className="partners-empty" role="status">
      <span className="status-icon partners-empty-icon" aria-hidden="true">
        {icon}
      </span>
      <h2>{title}</h2>
      <p>{text}</p>
      {action}
    </div>
  );
}

/** A select of the toolbar with its visible label. */
function LabelledSelect<T extends string>(props: {
  label: string;
  value: T;
  onChange: (value: T) => void;
  testId: string;
  options: { value: T; label: string }[];
}) {
  return (
    <label className="partners-field">
      <span className="partners-field-label">{props.label}</span>
      <Select<T>
        className="partners-select"
        value={props.value}
        onChange={props.onChange}
        aria-label={props.label}
        data-testid={props.testId}
        options={props.options}
      />
    </label>
  );
}

export function PartnersPage() {
  const { t } = useTranslation('partners');
  const [scope, setScope] = useState<PartnerScope>(FIRST_LIST.scope);
  const [searchText, setSearchText] = useState('');
  const [status, setStatus] = useState<PartnerStatusFilter>(FIRST_LIST.status);
  const [sort, setSort] = useState<PartnerSort>(FIRST_LIST.sort);
  const [selected, setSelected] = useState<PartnerItem | null>(null);
  const searchRef = useRef<InputRef>(null);
  const search = useDebounced(searchText.trim(), SEARCH_DEBOUNCE_MS);

  // Any change of filter, search, sort or scope goes back to page 1 (spec): the page belongs to one set of filters.
  const filterKey = JSON.stringify([search, status, sort, scope]);
  const [paging, setPaging] = useState({ key: filterKey, page: 1 });
  const page = paging.key === filterKey ? paging.page : 1;
  const setPage = (n: number) => setPaging({ key: filterKey, page: n });

  const stats = useQuery(partnersStatsQuery(scope));
  const list = useQuery(partnersListQuery({ search, status, sort, page, scope }));
  const items = useMemo(() => dedupeByEmail(list.data?.items ?? []), [list.data]);
  const total = list.data?.total ?? 0;
  const filtersActive = search !== '' || status !== 'all';

  const clearFilters = () => {
    setSearchText('');
    setStatus('all');
    setPage(1);
  };

  const goToPage = (n: number) => {
    setPage(n);
    document.getElementById('partners-results')?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };

  let results: ReactNode;
  if (list.isPending) {
    results = (
      <ul className="partners-grid" aria-busy="true">
        {Array.from({ length: 6 }, (_, i) => (
          <li key={i} className="partner-card partner-card-skeleton">
            <Skeleton avatar active paragraph={{ rows: 2 }} />
          </li>
        ))}
      </ul>
    );
  } else if (list.isError) {
    results = (
      <div className="partners-empty" role="alert">
        <h2>{t('error.title')}</h2>
        <p>{translatedServerMessageOf(list.error) ?? t('error.text')}</p>
        <Button onClick={() => void list.refetch()}>{t('error.retry')}</Button>
      </div>
    );
  } else if (total === 0 && !filtersActive) {
    results = (
      <EmptyState
        icon={<UserAddOutlined />}
        title={t('empty.noneTitle')}
        text={t('empty.noneText')}
        action={
          <Button type="primary" icon={<UserAddOutlined />} onClick={() => searchRef.current?.focus()}>
            {t('empty.startAdding')}
          </Button>
        }
      />
    );
  } else if (total === 0) {
    results = (
      <EmptyState
        icon={<SearchOutlined />}
        title={t('empty.noMatchTitle')}
        text={t('empty.noMatchText')}
        action={
          <Button icon={<ClearOutlined />} onClick={clearFilters}>
            {t('empty.clearFilters')}
          </Button>
        }
      />
    );
  } else {
    results = (
      <>
        <ul
          className={list.isPlaceholderData ? 'partners-grid partners-grid-stale' : 'partners-grid'}
          aria-busy={list.isFetching}
        >
          {items.map((p) => (
            <PartnerCard key={p.id} partner={p} showLevel={scope === 'all'} onOpen={() => setSelected(p)} />
          ))}
        </ul>
        <Pager
          page={page}
          shownPage={list.data.page}
          pageSize={list.data.pageSize ?? PARTNERS_PAGE_SIZE}
          total={total}
          onPage={goToPage}
        />
      </>
    );
  }

  return (
    <div className="page partners">
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        extra={
          <Segmented<PartnerScope>
            className="partners-scope"
            aria-label={t('scope.label')}
            value={scope}
            onChange={(v) => setScope(v)}
            options={[
              { value: 'direct', label: t('scope.direct') },
              { value: 'all', label: t('scope.all') },
            ]}
          />
        }
      />
      {/* with no partner at all, nobody can have stalled: the empty state below says it */}
      {!!stats.data?.totalPartners && <NeedsAttention />}
      <div className="partners-stats">
        <StatCard
          tone="total"
          icon={<TeamOutlined />}
          label={t('stats.total')}
          value={stats.data?.totalPartners}
        />
        <StatCard
          tone="complete"
          icon={<CheckCircleOutlined />}
          label={t('stats.complete')}
          value={stats.data?.trainingComplete}
        />
        <StatCard
          tone="progress"
          icon={<RiseOutlined />}
          label={t('stats.inProgress')}
          value={stats.data?.inProgress}
        />
      </div>
      <div className="partners-toolbar" role="search">
        <Input
          ref={searchRef}
          className="partners-search"
          allowClear={clearSearch(t)}
          prefix={<SearchOutlined aria-hidden="true" />}
          placeholder={t('search.placeholder')}
          aria-label={t('search.label')}
          value={searchText}
          maxLength={100}
          onChange={(e) => setSearchText(e.target.value)}
        />
        <LabelledSelect<PartnerStatusFilter>
          label={t('filter.label')}
          value={status}
          onChange={setStatus}
          testId="status-filter"
          options={[
            { value: 'all', label: t('filter.all') },
            { value: 'complete', label: t('filter.complete') },
            { value: 'in-progress', label: t('filter.inProgress') },
            { value: 'not-started', label: t('filter.notStarted') },
          ]}
        />
        <LabelledSelect<PartnerSort>
          label={t('sort.label')}
          value={sort}
          onChange={setSort}
          testId="sort-select"
          options={[
            { value: 'lastLogin', label: t('sort.lastLogin') },
            { value: 'name', label: t('sort.name') },
            { value: 'progress', label: t('sort.progress') },
            { value: 'createdAt', label: t('sort.createdAt') },
          ]}
        />
      </div>
      <p className="partners-found" id="partners-results" aria-live="polite" data-testid="partners-found">
        {list.data ? t('found', { count: total }) : '\u00a0'}
      </p>
      {results}
      <PartnerSheet partner={selected} onClose={() => setSelected(null)} />
    </div>
  );
}
