import { formatMoney } from '../lib/format.ts';

type Props = {
  /** Integer minor units, as the API sends money (IDR: whole rupiah, Rp1.500.000 is 1500000; ADR 0008). */
  value: number | bigint | null | undefined;
  currency?: 'IDR' | 'MYR';
  /** Shown for a missing amount. */
  empty?: string;
};

/** An amount of money: IDR as `Rp1.500.000`, no decimals (STYLE rule 11); negative amounts as `-Rp1.500`. */
export function MoneyText({ value, currency = 'IDR', empty = '-' }: Props) {
  if (value === null || value === undefined) return <span className="kelola-money">{empty}</span>;
  const negative = value < 0;
  const amount = negative ? -value : value;
  return (
    <span className="kelola-money" style={{ whiteSpace: 'nowrap' }}>
      {negative ? '-' : ''}
      {formatMoney(amount, currency)}
    </span>
  );
}
