import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BusinessListEntry } from '@kelola/contracts/me';
import '../lib/i18n.ts';
import { ALL_ENTRIES, BusinessSelector, hasAllEntry, selectorModel } from './business-selector.tsx';

const business = (id: string): BusinessListEntry => ({
  business_id: id,
  business_name: `Bisnis ${id}`,
  warehouse_id: null,
  name: `Bisnis ${id}`,
});
const warehouse = (id: string): BusinessListEntry => ({ business_id: null, business_name: null, warehouse_id: id, name: `Gudang ${id}` });

describe('business selector rules (spec part 6)', () => {
  it("adds the 'all' entry for a non-Business restriction unless exactly one entry exists", () => {
    expect(hasAllEntry('WAREHOUSE', 0)).toBe(true);
    expect(hasAllEntry('WAREHOUSE', 1)).toBe(false);
    expect(hasAllEntry('WAREHOUSE', 2)).toBe(true);
  });

  it('shows All for a Business restriction only when more than one business exists', () => {
    expect(hasAllEntry('BUSINESS', 0)).toBe(false);
    expect(hasAllEntry('BUSINESS', 1)).toBe(false);
    expect(hasAllEntry('BUSINESS', 2)).toBe(true);
  });

  it('selects All by default, a known entry when given, and is disabled with fewer than 2 options', () => {
    const many = selectorModel([business('b1'), business('b2')], 'BUSINESS', null, 'Semua');
    expect(many.options.map((option) => option.value)).toEqual([ALL_ENTRIES, 'b1', 'b2']);
    expect(many.value).toBe(ALL_ENTRIES);
    expect(many.disabled).toBe(false);
    expect(selectorModel([business('b1'), business('b2')], 'BUSINESS', 'b2', 'Semua').value).toBe('b2');
    expect(selectorModel([business('b1'), business('b2')], 'BUSINESS', 'gone', 'Semua').value).toBe(ALL_ENTRIES);

    const one = selectorModel([business('b1')], 'BUSINESS', null, 'Semua');
    expect(one).toMatchObject({ value: 'b1', disabled: true });
    const oneWarehouse = selectorModel([warehouse('w1')], 'WAREHOUSE', null, 'Semua');
    expect(oneWarehouse).toMatchObject({ value: 'w1', disabled: true });
    const noWarehouse = selectorModel([], 'WAREHOUSE', null, 'Semua');
    expect(noWarehouse).toMatchObject({ value: ALL_ENTRIES, disabled: true });
  });

  it('uses warehouse ids for a Warehouse restriction', () => {
    expect(selectorModel([warehouse('w1'), warehouse('w2')], 'WAREHOUSE', null, 'Semua').options.map((option) => option.value)).toEqual([
      ALL_ENTRIES,
      'w1',
      'w2',
    ]);
  });

  it('renders 250 px wide, searchable, with the All label', () => {
    render(<BusinessSelector entries={[business('b1'), business('b2')]} restriction="BUSINESS" value={null} onChange={() => undefined} />);
    const select = screen.getByTestId('business-selector');
    expect(select.getAttribute('style')).toContain('width: 250px');
    expect(screen.getByText('Semua Bisnis')).toBeTruthy();
    expect(screen.getByRole('combobox')).toBeTruthy();
  });

  it('renders disabled with a single business', () => {
    render(<BusinessSelector entries={[business('b1')]} restriction="BUSINESS" value={null} onChange={() => undefined} />);
    expect(screen.getByTestId('business-selector').className).toContain('disabled');
  });
});
