import { InputNumber, type InputNumberProps } from 'antd';

const group = (text: string) => text.replace(/\B(?=(\d{3})+(?!\d))/gu, '.');

/** Whole rupiah typed with Indonesian thousands (Rp 85.000); separators are removed when read (spec part 5). */
export function RupiahInput(props: Omit<InputNumberProps<number>, 'formatter' | 'parser'>) {
  return (
    <InputNumber<number>
      min={0}
      precision={0}
      style={{ width: '100%' }}
      prefix="Rp"
      formatter={(value) => (value === undefined || value === null || `${value}` === '' ? '' : group(`${value}`))}
      parser={(text) => Number((text ?? '').replace(/[^\d]/gu, '')) || 0}
      {...props}
    />
  );
}
