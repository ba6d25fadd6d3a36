import Select from 'antd/es/select';
import { CloseCircleFilled } from '@ant-design/icons';
import { useQuery, queryOptions } from '@tanstack/react-query';
import { authEndpoints } from '@portal/contracts/auth/endpoints';
import type { AuthRoutes } from '@portal/contracts/auth/routes';
import type { ResponseOf } from '@portal/contracts/core/http';
import { useEffect, useMemo, useState } from 'react';
import { ApiError } from '../../lib/api';
import { useTranslation } from 'react-i18next';
import { buildSponsorOptions, SPONSORS_CACHE_MS, sponsorLabelWithId, type Sponsor } from './sponsorOptions';

/** GET /api/users/sponsors, cached for 5 minutes. */
const sponsorsQuery = queryOptions<ResponseOf<AuthRoutes['sponsors']>>({
  queryKey: [authEndpoints.sponsors.path],
  staleTime: SPONSORS_CACHE_MS,
  gcTime: SPONSORS_CACHE_MS,
});

interface Props {
  id?: string;
  value?: string;
  onChange?: (value: string | undefined) => void;
  onBlur?: () => void;
  status?: 'error';
  disabled?: boolean;
  /** false until the passcode is verified: the server lists sponsors only after that */
  enabled?: boolean;
  /** the server no longer knows the passcode (session ended): ask for it again */
  onPasscodeLost?: () => void;
}

export function SponsorPicker({
  id,
  value,
  onChange,
  onBlur,
  status,
  disabled,
  enabled = true,
  onPasscodeLost,
}: Props) {
  const { t } = useTranslation('register');
  const [search, setSearch] = useState('');
  const { data, isPending, isError, error } = useQuery({ ...sponsorsQuery, enabled });
  const passcodeLost = error instanceof ApiError && error.code === 'passcode_required';
  useEffect(() => {
    if (passcodeLost) onPasscodeLost?.();
  }, [passcodeLost, onPasscodeLost]);
  const sponsors: Sponsor[] = useMemo(() => data?.sponsors ?? [], [data]);
  const byId = useMemo(() => new Map(sponsors.map((s) => [s.id, s])), [sponsors]);
  const { options, total, shown, searching } = useMemo(
    () => buildSponsorOptions(sponsors, search, value),
    [sponsors, search, value],
  );

  const hint = searching
    ? total > shown
      ? t('form.sponsorHintMatches', { shown, total })
      : t('form.sponsorHintMatchesAll', { count: total })
    : total > shown
      ? t('form.sponsorHintDefault', { shown, total })
      : t('form.sponsorHintAll', { count: total });

  return (
    <Select<string>
      id={id}
      size="large"
      value={value}
      status={status}
      disabled={disabled}
      // rc-select names its clear button "Clear" in every language
      allowClear={{ clearIcon: <CloseCircleFilled aria-hidden="true" />, label: t('form.sponsorClear') }}
      placeholder={t('form.sponsorPlaceholder')}
      loading={isPending}
      options={options}
      showSearch={{
        filterOption: false,
        searchValue: search,
        onSearch: setSearch,
        autoClearSearchValue: true,
      }}
      onChange={(v) => {
        onChange?.(v ?? undefined);
        setSearch('');
      }}
      onBlur={onBlur}
      labelRender={(p) => {
        const s = byId.get(String(p.value));
        return s ? sponsorLabelWithId(s) : p.label;
      }}
      notFoundContent={
        <div className="sponsor-empty">
          {isPending
            ? t('form.sponsorLoading')
            : isError
              ? t('form.sponsorLoadFailed')
              : t('form.sponsorNone')}
        </div>
      }
      popupRender={(menu) => (
        <>
          {menu}
          {!isPending && !isError && total > 0 && <div className="sponsor-hint">{hint}</div>}
        </>
      )}
    />
  );
}
