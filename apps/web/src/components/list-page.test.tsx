import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-error.ts';
import { renderWithRouter } from '../test/render-with-router.tsx';
import { ListPage, type BulkAction, type ListColumn } from './list-page.tsx';
import { useListQuery } from './use-list-query.ts';

type Row = { id: string; name: string; code: string };

const rows = (from: number, count: number): Row[] =>
  Array.from({ length: count }, (_, i) => ({ id: `r-${from + i}`, name: `Gudang ${from + i}`, code: `G-${from + i}` }));

const columns: ListColumn<Row>[] = [
  { title: 'Nama', dataIndex: 'name', sortField: 'name' },
  { title: 'Kode', dataIndex: 'code' },
];

type Props = {
  data?: { items: Row[]; total_row: number };
  error?: unknown;
  onRetry?: () => void;
  bulkActions?: BulkAction<Row>[];
};

function Harness({ data, error = null, onRetry = () => undefined, bulkActions }: Props) {
  const query = useListQuery({ filterKeys: ['q', 'tab'] as const });
  return (
    <ListPage<Row, 'q' | 'tab'>
      viewFilters={['tab']}
      title="Gudang"
      query={query}
      columns={columns}
      rowKey="id"
      data={data}
      loading={false}
      error={error}
      onRetry={onRetry}
      search={{ filter: 'q', placeholder: 'Cari gudang' }}
      bulkActions={bulkActions}
      empty={{ description: 'Belum ada gudang' }}
    />
  );
}

const params = (router: ReturnType<typeof renderWithRouter>['router']) => new URLSearchParams(router.state.location.search);

describe('ListPage', { timeout: 20_000 }, () => {
  it('shows the rows and the spec pagination text "per page of total"', () => {
    renderWithRouter(<Harness data={{ items: rows(1, 10), total_row: 25 }} />, { path: '/list' });
    expect(screen.getByText('Gudang 1')).toBeTruthy();
    expect(screen.getByText('Menampilkan 1-10 dari 25 data')).toBeTruthy();
  });

  it('shows the range of a later page', () => {
    renderWithRouter(<Harness data={{ items: rows(21, 5), total_row: 25 }} />, { path: '/list?page=3' });
    expect(screen.getByText('Menampilkan 21-25 dari 25 data')).toBeTruthy();
  });

  it('moves to another page through the URL', () => {
    const { router } = renderWithRouter(<Harness data={{ items: rows(1, 10), total_row: 25 }} />, { path: '/list?workspace_id=w-1' });
    fireEvent.click(screen.getByTitle('2'));
    expect(params(router).get('page')).toBe('2');
    expect(params(router).get('workspace_id')).toBe('w-1');
  });

  it('sorts through the URL: ascending, then descending', () => {
    const { router } = renderWithRouter(<Harness data={{ items: rows(1, 3), total_row: 3 }} />, { path: '/list' });
    fireEvent.click(screen.getByRole('columnheader', { name: /Nama/u }));
    expect(params(router).get('sort')).toBe('name');
    fireEvent.click(screen.getByRole('columnheader', { name: /Nama/u }));
    expect(params(router).get('sort')).toBe('-name');
  });

  it('searches through the URL and the box follows the back button', async () => {
    const { router } = renderWithRouter(<Harness data={{ items: rows(1, 3), total_row: 3 }} />, { path: '/list?page=2' });
    const box = screen.getByPlaceholderText('Cari gudang');
    fireEvent.change(box, { target: { value: 'bandung' } });
    fireEvent.keyDown(box, { key: 'Enter', keyCode: 13 });
    expect(params(router).get('q')).toBe('bandung');
    expect(params(router).has('page')).toBe(false);
    await act(() => router.navigate(-1));
    await waitFor(() => expect((screen.getByPlaceholderText('Cari gudang') as HTMLInputElement).value).toBe(''));
  });

  it('shows the empty state of a list without rows', () => {
    renderWithRouter(<Harness data={{ items: [], total_row: 0 }} />, { path: '/list' });
    expect(within(screen.getByTestId('list-empty')).getByText('Belum ada gudang')).toBeTruthy();
  });

  it('offers to clear the filters when they hide every row', () => {
    const { router } = renderWithRouter(<Harness data={{ items: [], total_row: 0 }} />, { path: '/list?q=zzz' });
    const empty = screen.getByTestId('list-empty');
    expect(within(empty).getByText('Tidak ada data yang cocok dengan filter')).toBeTruthy();
    fireEvent.click(within(empty).getByText('Hapus filter'));
    expect(params(router).has('q')).toBe(false);
  });

  it('a tab alone is a view, not a filter: its empty list says the list is empty', () => {
    renderWithRouter(<Harness data={{ items: [], total_row: 0 }} />, { path: '/list?tab=new' });
    const empty = screen.getByTestId('list-empty');
    expect(within(empty).getByText('Belum ada gudang')).toBeTruthy();
    expect(within(empty).queryByText('Hapus filter')).toBeNull();
  });

  it('shows the error state with a retry button', () => {
    const onRetry = vi.fn();
    renderWithRouter(<Harness error={new ApiError(500, 'INTERNAL', 'boom')} onRetry={onRetry} />, { path: '/list' });
    expect(screen.getByText('Gagal memuat data')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Coba lagi/u }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('runs a bulk action on the selected rows and clears the selection', async () => {
    const onClick = vi.fn(async () => undefined);
    renderWithRouter(
      <Harness data={{ items: rows(1, 3), total_row: 3 }} bulkActions={[{ key: 'delete', label: 'Hapus', danger: true, onClick }]} />,
      {
        path: '/list',
      },
    );
    expect(screen.queryByTestId('bulk-bar')).toBeNull();
    const boxes = screen.getAllByRole('checkbox');
    fireEvent.click(boxes[1]!);
    fireEvent.click(boxes[3]!);
    expect(screen.getByText('2 dipilih')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Hapus' }));
    await waitFor(() => expect(screen.queryByTestId('bulk-bar')).toBeNull());
    expect(onClick).toHaveBeenCalledWith(['r-1', 'r-3'], [expect.objectContaining({ id: 'r-1' }), expect.objectContaining({ id: 'r-3' })]);
  });

  it('goes back to the last page when the page asked for is past the end', async () => {
    const { router } = renderWithRouter(<Harness data={{ items: [], total_row: 12 }} />, { path: '/list?page=5' });
    await waitFor(() => expect(params(router).get('page')).toBe('2'));
  });
});
