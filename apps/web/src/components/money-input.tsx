import { InputNumber, type FormRule, type InputNumberProps } from 'antd';
import { money } from '@kelola/contracts/catalog';
import { zodFieldRule } from './zod-rules.ts';

const group = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/gu, '.');

/** Typed text as a number: thousands dots dropped, a leading minus kept (so the rule can refuse it, never read -15000 as 15000). */
export function parseRupiah(text: string | undefined): number {
  const digits = (text ?? '').replace(/\D/gu, '');
  if (digits === '') return 0;
  return /^\s*(?:Rp\s*)?-/u.test(text ?? '') ? -Number(digits) : Number(digits);
}

/**
 * Whole rupiah with Indonesian thousands separators while typing (Rp 150.000); the value stays a number. It has no
 * `min`: InputNumber would quietly put a negative amount back to 0, so `moneyRule` refuses it on the field instead.
 */
export function MoneyInput(props: Omit<InputNumberProps<number>, 'formatter' | 'parser'>) {
  return (
    <InputNumber<number>
      precision={0}
      prefix="Rp"
      style={{ width: '100%' }}
      formatter={(value) => {
        const text = value === undefined || value === null ? '' : `${value}`;
        if (text === '') return '';
        return text.startsWith('-') ? `-${group(text.slice(1))}` : group(text);
      }}
      parser={parseRupiah}
      {...props}
    />
  );
}

/** The contract's money rule (MONEY_NEGATIVE, INVALID_MONEY) for a filled money field; emptiness is the field's own rule. */
export const moneyRule: FormRule = zodFieldRule(money.nullish());
