import { useTranslation } from 'react-i18next';
import { currentFormatLocale } from '../../../lib/format.ts';

type Props = {
  value: number;
  /** Writes a plus sign before a positive value (a change rather than a level). */
  signed?: boolean;
};

/** A whole quantity in base units with the format locale's thousands separator; negatives in red. */
export function QuantityText({ value, signed = false }: Props) {
  // Re-render on a language switch: the format locale follows it.
  useTranslation();
  const text = new Intl.NumberFormat(currentFormatLocale(), {
    maximumFractionDigits: 0,
    signDisplay: signed ? 'exceptZero' : 'auto',
  }).format(value);
  return (
    <span
      style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', color: value < 0 ? 'var(--ant-color-error, #ff4d4f)' : undefined }}
    >
      {text}
    </span>
  );
}

/** "before → after" of a balance, as in the ledger. */
export function ChangeText({ before, after }: { before: number; after: number }) {
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      <QuantityText value={before} /> → <QuantityText value={after} />
    </span>
  );
}
