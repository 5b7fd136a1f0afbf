import type { MovementType } from '@kelola/contracts/inventory';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<MovementType, string> = {
  RECEIPT: 'green',
  INBOUND: 'green',
  RETURN: 'cyan',
  TRANSFER: 'geekblue',
  ADJUSTMENT: 'purple',
  RESERVE: 'gold',
  RELEASE: 'default',
  SHIP: 'blue',
  ALLOCATION: 'magenta',
};

/** The kind of a ledger row as a coloured tag. */
export function MovementTypeTag({ type }: { type: MovementType }) {
  const { t } = useTranslation('inventory');
  return (
    <Tag color={COLORS[type] ?? 'default'} data-type={type}>
      {t(`movementType.${type}`)}
    </Tag>
  );
}
