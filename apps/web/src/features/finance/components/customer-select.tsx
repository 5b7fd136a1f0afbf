import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { useCustomerOptions } from '../api/finance-api.ts';

type Props = {
  value?: string;
  onChange?: (value: string | undefined) => void;
  id?: string;
  allowClear?: boolean;
  style?: React.CSSProperties;
  /** Each select its own (a list's filter and its dialog's field are on one page). */
  'data-testid': string;
};

/** A customer (distributor, reseller, B2B buyer) searched by name or code. */
export function CustomerSelect({ value, onChange, id, allowClear, style, ...rest }: Props) {
  const { t } = useTranslation('finance');
  const [search, setSearch] = useState('');
  const q = useDebounced(search, 300);
  const options = useCustomerOptions(q);
  return (
    <Select
      id={id}
      data-testid={rest['data-testid']}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      allowClear={allowClear}
      style={{ minWidth: 260, ...style }}
      placeholder={t('fields.customer')}
      aria-label={t('fields.customer')}
      value={value}
      loading={options.isFetching}
      options={(options.data?.items ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.code})` }))}
      onChange={(v?: string) => onChange?.(v)}
    />
  );
}
