import { QuantityText } from './quantity-text.tsx';

type Props = {
  value: number | null | undefined;
  /** Shows +5 / −5 (a change rather than a level). */
  signed?: boolean;
  'data-testid'?: string;
};

/** A quantity that may not be known yet (stock still loading, no SKU chosen): a dash until it is. */
export function DocumentQuantity({ value, signed, ...rest }: Props) {
  return (
    <span data-testid={rest['data-testid']}>
      {value === null || value === undefined ? '-' : <QuantityText value={value} signed={signed} />}
    </span>
  );
}
