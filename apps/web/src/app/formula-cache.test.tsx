import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePriceFormulas } from '../features/catalog/api/brand-api.ts';
import { useSaveFormula } from '../features/pricing/api/formula-api.ts';
import { renderWithRouter, stubFetch } from '../test/render-with-router.tsx';

/** The product form's formula select (catalog) next to the formula form's save (pricing), on one query client. */
function FormulaSelectAndSave() {
  const formulas = usePriceFormulas(true);
  const save = useSaveFormula(undefined);
  return (
    <>
      <ul>
        {(formulas.data?.items ?? []).map((formula) => (
          <li key={formula.id}>{formula.name}</li>
        ))}
      </ul>
      <button
        type="button"
        onClick={() => save.mutate({ name: 'Harga Grosir', expression: 'list_price', rounding_mode: 'NONE', rounding_step: 1 } as never)}
      >
        save
      </button>
    </>
  );
}

describe('query keys shared across features', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('saving a formula refreshes the product form formula select', async () => {
    const saved = [{ id: 'f-1', name: 'Harga Ecer' }];
    const { fetchStub } = stubFetch((method, url, body) => {
      if (url.pathname === '/api/price-formulas' && method === 'GET')
        return { body: { items: saved, page: 1, size: 100, total_row: saved.length } };
      if (url.pathname === '/api/price-formulas' && method === 'POST') {
        const formula = { id: `f-${saved.length + 1}`, ...(body as { name: string }) };
        saved.push(formula);
        return { status: 201, body: formula };
      }
      return { status: 404, body: { code: 'NOT_FOUND', message: 'no' } };
    });
    vi.stubGlobal('fetch', fetchStub);
    // renderWithRouter never lets data go stale: only an invalidation brings the new formula.
    renderWithRouter(<FormulaSelectAndSave />, { path: '/product/create?workspace_id=w-1', pattern: '/product/create' });
    await screen.findByText('Harga Ecer');
    fireEvent.click(screen.getByText('save'));
    await waitFor(() => expect(screen.getByText('Harga Grosir')).toBeTruthy());
  });
});
