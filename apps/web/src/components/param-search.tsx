import { Flex, Input, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export type ParamSearchValue = { searchBy: string | undefined; q: string | undefined };

type Props = {
  /** The parameters to search by, with their labels in the screen's language. */
  params: readonly { value: string; label: string }[];
  /** The parameter select's label and the text box's placeholder, in the screen's language. */
  texts: { parameter: string; placeholder: string };
  value: ParamSearchValue;
  onSearch: (value: ParamSearchValue) => void;
  widths?: { parameter: number; text: number };
};

/**
 * Search by a chosen parameter (spec part 5; sales orders and vouchers): a text without a parameter is not sent, and the box says
 * 'Please select parameter for search sales order/voucher' (the server answers the same rule with 400).
 */
export function ParamSearch({ params, texts, value, onSearch, widths = { parameter: 180, text: 260 } }: Props) {
  const { t } = useTranslation();
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
          style={{ width: widths.parameter }}
          allowClear
          placeholder={texts.parameter}
          aria-label={texts.parameter}
          status={missing ? 'error' : undefined}
          value={searchBy}
          options={[...params]}
          onChange={(next?: string) => {
            setSearchBy(next);
            if (next) setMissing(false);
          }}
        />
        <Input.Search
          key={value.q ?? ''}
          data-testid="search-text"
          defaultValue={value.q}
          placeholder={texts.placeholder}
          aria-label={texts.placeholder}
          allowClear
          enterButton
          status={missing ? 'error' : undefined}
          onSearch={submit}
          style={{ width: widths.text }}
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
