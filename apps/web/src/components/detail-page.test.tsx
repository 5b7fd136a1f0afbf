import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Button } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-error.ts';
import { renderWithRouter } from '../test/render-with-router.tsx';
import { DetailPage } from './detail-page.tsx';

describe('DetailPage', () => {
  it('shows the fields, a dash for empty values, actions and sections', () => {
    renderWithRouter(
      <DetailPage
        title="Gudang Bandung"
        actions={<Button>Ubah</Button>}
        items={[
          { key: 'code', label: 'Kode Gudang', value: 'BDG-01' },
          { key: 'external', label: 'Kode Eksternal', value: null },
        ]}
      >
        <p>riwayat</p>
      </DetailPage>,
    );
    expect(screen.getByText('Gudang Bandung')).toBeTruthy();
    expect(screen.getByText('BDG-01')).toBeTruthy();
    expect(screen.getByText('Kode Eksternal').closest('tr')?.textContent).toContain('-');
    expect(screen.getByText('Ubah')).toBeTruthy();
    expect(screen.getByText('riwayat')).toBeTruthy();
  });

  it('goes back to its list with the workspace query', async () => {
    const { router } = renderWithRouter(<DetailPage title="Gudang" backTo="/warehouse" items={[]} />, {
      path: '/warehouse/1?workspace_id=w-1&tab=x',
      pattern: '/warehouse/1',
      routes: [{ path: '/warehouse', element: <p>daftar</p> }],
    });
    fireEvent.click(screen.getByLabelText('Kembali'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/warehouse'));
    expect(router.state.location.search).toBe('?workspace_id=w-1');
  });

  it('shows the load error with retry and hides the actions', () => {
    const onRetry = vi.fn();
    renderWithRouter(
      <DetailPage
        title="Gudang"
        actions={<Button>Ubah</Button>}
        error={new ApiError(404, 'WAREHOUSE_NOT_FOUND', 'no')}
        onRetry={onRetry}
      />,
    );
    expect(screen.getByText('Gudang tidak ditemukan.')).toBeTruthy();
    expect(screen.queryByText('Ubah')).toBeNull();
    fireEvent.click(screen.getByText('Coba lagi'));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
