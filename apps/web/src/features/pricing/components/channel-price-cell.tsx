import { EditOutlined, WarningOutlined } from '@ant-design/icons';
import { Button, Flex, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChannelPrice, ChannelPriceRow, PriceChannel } from '@kelola/contracts/channel-prices';
import { MoneyText } from '../../../components/money-text.tsx';
import { validationText } from '../../../lib/error-text.ts';

const SOURCE_COLORS = { FORMULA: 'purple', BASE_PRICE: 'default', MANUAL: 'gold' } as const;

type Props = { row: ChannelPriceRow; channel: PriceChannel; price: ChannelPrice; canWrite: boolean; onEdit: () => void };

/**
 * A SKU's price on one channel: the sale price (the MSRP struck through above it when they differ), where it comes
 * from (Formula, base price or Manual) and, with WRITE on price, the edit action.
 */
export function ChannelPriceCell({ row, channel, price, canWrite, onEdit }: Props) {
  const { t } = useTranslation('pricing');
  const failed = price.price_msrp === null;
  const tag = (
    <Tag color={SOURCE_COLORS[price.source]} style={{ marginInlineEnd: 0 }}>
      {t(`channelPrice.source.${price.source}`)}
    </Tag>
  );
  return (
    <Flex vertical gap={2} align="flex-end" data-testid={`channel-price-${row.sku}-${channel.id}`}>
      {failed ? (
        <Tooltip title={price.formula_errors.map((e) => e.message || validationText(e)).join(' ')}>
          <Typography.Text type="danger">
            <WarningOutlined /> {t('channelPrice.formulaFailed')}
          </Typography.Text>
        </Tooltip>
      ) : (
        <>
          {price.price_sales !== price.price_msrp && (
            <Typography.Text delete type="secondary" style={{ fontSize: 12 }}>
              <MoneyText value={price.price_msrp} />
            </Typography.Text>
          )}
          <MoneyText value={price.price_sales} />
        </>
      )}
      <Flex gap={4} align="center">
        {price.source === 'FORMULA' && row.formula ? <Tooltip title={row.formula.name}>{tag}</Tooltip> : tag}
        {canWrite && (
          <Button
            type="link"
            size="small"
            icon={<EditOutlined />}
            aria-label={t('channelPrice.editLabel', { sku: row.sku, channel: channel.name })}
            onClick={onEdit}
            style={{ paddingInline: 4 }}
          />
        )}
      </Flex>
    </Flex>
  );
}
