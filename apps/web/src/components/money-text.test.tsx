import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../lib/i18n.ts';
import { MoneyText } from './money-text.tsx';

describe('MoneyText', () => {
  it('shows IDR (whole rupiah) as Rp1.500.000 without decimals', () => {
    expect(render(<MoneyText value={1_500_000} />).container.textContent).toBe('Rp1.500.000');
    expect(render(<MoneyText value={999} />).container.textContent).toBe('Rp999');
    expect(render(<MoneyText value={0} />).container.textContent).toBe('Rp0');
  });

  it('puts the minus before the currency and shows a dash for no amount', () => {
    expect(render(<MoneyText value={-1_500} />).container.textContent).toBe('-Rp1.500');
    expect(render(<MoneyText value={null} />).container.textContent).toBe('-');
    expect(render(<MoneyText value={undefined} empty="—" />).container.textContent).toBe('—');
  });

  it('shows ringgit from sen', () => {
    expect(render(<MoneyText value={12_345} currency="MYR" />).container.textContent).toMatch(/123\.45/u);
  });
});
