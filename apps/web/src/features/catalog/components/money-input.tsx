import { InputNumber, type InputNumberProps } from 'antd';

/** Whole rupiah with Indonesian thousands separators while typing (Rp 150.000); the value stays a number. */
export function MoneyInput(props: InputNumberProps<number>) {
  return (
    <InputNumber<number>
      min={0}
      precision={0}
      prefix="Rp"
      style={{ width: '100%' }}
      formatter={(value) =>
        value === undefined || value === null || `${value}` === '' ? '' : `${value}`.replace(/\B(?=(\d{3})+(?!\d))/gu, '.')
      }
      parser={(value) => Number((value ?? '').replace(/\D/gu, '')) || 0}
      {...props}
    />
  );
}
