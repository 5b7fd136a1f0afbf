import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../lib/i18n.ts';
import { MoneyText } from './money-text.tsx';

describe('MoneyText', () => {
  it('shows IDR as Rp1.500.000 without decimals (amounts in minor units)', () => {
    expect(render(<MoneyText value={150_000_000} />).container.textContent).toBe('Rp1.500.000');
    expect(render(<MoneyText value={99_950} />).container.textContent).toBe('Rp1.000');
    expect(render(<MoneyText value={0} />).container.textContent).toBe('Rp0');
  });

  it('puts the minus before the currency and shows a dash for no amount', () => {
    expect(render(<MoneyText value={-150_000} />).container.textContent).toBe('-Rp1.500');
    expect(render(<MoneyText value={null} />).container.textContent).toBe('-');
    expect(render(<MoneyText value={undefined} empty="—" />).container.textContent).toBe('—');
  });
});
