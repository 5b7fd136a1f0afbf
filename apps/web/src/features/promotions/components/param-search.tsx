import { Flex, Input, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export type ParamSearchValue = { searchBy: string | undefined; q: string | undefined };

type Props = {
  params: readonly string[];
  value: ParamSearchValue;
  onSearch: (value: ParamSearchValue) => void;
};

/**
 * Search by a chosen parameter (spec part 5): a text without a parameter is not sent, and the box says
 * 'Please select parameter for search sales order/voucher' (the server answers the same rule with 400).
 */
export function ParamSearch({ params, value, onSearch }: Props) {
  const { t } = useTranslation('promotions');
  const [searchBy, setSearchBy] = useState(value.searchBy);
  const [missing, setMissing] = useState(false);

  const submit = (text: string) => {
    const q = text.trim();
    if (q && !searchBy) {
      setMissing(true);
      return;
    }
    setMissing(false);
    onSearch({ searchBy, q: q || undefined });
  };

  return (
    <Flex vertical gap={4}>
      <Flex gap={0}>
        <Select
          data-testid="search-by"
          style={{ width: 180 }}
          allowClear
          placeholder={t('search.parameter')}
          aria-label={t('search.parameter')}
          status={missing ? 'error' : undefined}
          value={searchBy}
          options={params.map((param) => ({ value: param, label: t(`search.by.${param}`) }))}
          onChange={(next?: string) => {
            setSearchBy(next);
            if (next) setMissing(false);
          }}
        />
        <Input.Search
          key={value.q ?? ''}
          data-testid="search-text"
          defaultValue={value.q}
          placeholder={t('search.placeholder')}
          aria-label={t('search.placeholder')}
          allowClear
          enterButton
          status={missing ? 'error' : undefined}
          onSearch={submit}
          style={{ width: 260 }}
        />
      </Flex>
      {missing && (
        <Typography.Text type="danger" role="alert" data-testid="search-error">
          {t('validation:SEARCH_PARAMETER_REQUIRED')}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** Tag tone of a discount or voucher status. */
export const statusTone = (status: string) =>
  status === 'ACTIVE'
    ? 'success'
    : status === 'WAITING_APPROVAL' || status === 'WAITING'
      ? 'warning'
      : status === 'NOT_ACTIVE'
        ? 'default'
        : 'error';
