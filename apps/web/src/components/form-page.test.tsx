import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { WarehouseInput } from '@kelola/contracts/warehouses';
import { ApiError } from '../lib/api-error.ts';
import { renderWithRouter } from '../test/render-with-router.tsx';
import { FormPage } from './form-page.tsx';
import { zodField } from './zod-rules.ts';

type Values = { name?: string; code?: string };

function Harness({
  onSubmit,
  onSaved = () => undefined,
}: {
  onSubmit: (values: Values) => Promise<unknown>;
  onSaved?: (result: unknown) => void;
}) {
  const [form] = Form.useForm<Values>();
  return (
    <FormPage<Values, unknown> name="thing" title="Tambah Gudang" form={form} backTo="/list" onSubmit={onSubmit} onSaved={onSaved}>
      <Form.Item name="name" label="Nama Gudang" {...zodField(WarehouseInput, 'name', 'Nama Gudang')}>
        <Input />
      </Form.Item>
      <Form.Item name="code" label="Kode Gudang" {...zodField(WarehouseInput, 'code', 'Kode Gudang')}>
        <Input />
      </Form.Item>
    </FormPage>
  );
}

const list = { path: '/list', element: <p>daftar</p> };
const other = { path: '/other', element: <p>lain</p> };

function setup(props: Parameters<typeof Harness>[0]) {
  return renderWithRouter(<Harness {...props} />, { path: '/form?workspace_id=w-1', routes: [list, other] });
}

describe('FormPage', { timeout: 20_000 }, () => {
  it('checks the fields with the zod-derived rules before sending', async () => {
    const onSubmit = vi.fn(async () => ({}));
    setup({ onSubmit });
    fireEvent.change(screen.getByLabelText('Nama Gudang'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Kode Gudang'), { target: { value: 'JKT 01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Wajib diisi.')).toBeTruthy();
    expect(await screen.findByText('Kode Gudang tidak boleh mengandung spasi.')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the server field errors on their fields and the error above the form', async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError(409, 'WAREHOUSE_CODE_TAKEN', 'taken', {
        fields: [{ path: 'code', code: 'WAREHOUSE_CODE_TAKEN', message: 'WAREHOUSE_CODE_TAKEN' }],
      });
    });
    setup({ onSubmit });
    fireEvent.change(screen.getByLabelText('Nama Gudang'), { target: { value: 'Gudang' } });
    fireEvent.change(screen.getByLabelText('Kode Gudang'), { target: { value: 'JKT-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'Gudang', code: 'JKT-01' }));
    const alert = await screen.findByTestId('form-page-error');
    expect(alert.textContent).toContain('Kode gudang sudah dipakai.');
    const codeItem = screen.getByLabelText('Kode Gudang').closest('.ant-form-item');
    await waitFor(() => expect(codeItem?.textContent).toContain('Kode gudang sudah dipakai.'));
  });

  it('warns before leaving with unsaved changes; staying keeps the form', async () => {
    const { router } = setup({ onSubmit: async () => ({}) });
    fireEvent.change(screen.getByLabelText('Nama Gudang'), { target: { value: 'Gudang baru' } });
    await act(() => router.navigate('/other'));
    expect(await screen.findByText('Tinggalkan halaman ini?')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/form');
    fireEvent.click(screen.getByRole('button', { name: 'Tetap di sini' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/form'));
    expect((screen.getByLabelText('Nama Gudang') as HTMLInputElement).value).toBe('Gudang baru');
  });

  it('leaves when the user confirms', async () => {
    const { router } = setup({ onSubmit: async () => ({}) });
    fireEvent.change(screen.getByLabelText('Nama Gudang'), { target: { value: 'Gudang baru' } });
    fireEvent.click(screen.getByRole('button', { name: 'Batal' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Tinggalkan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/list'));
    expect(router.state.location.search).toBe('?workspace_id=w-1');
  });

  it('warns on reload or closing the tab only while dirty', () => {
    setup({ onSubmit: async () => ({}) });
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);
    fireEvent.change(screen.getByLabelText('Nama Gudang'), { target: { value: 'x' } });
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });

  it('does not block the navigation that follows a save', async () => {
    let navigateAway: () => void = () => undefined;
    const onSaved = vi.fn(() => navigateAway());
    const { router } = setup({ onSubmit: async (values) => values, onSaved });
    navigateAway = () => void router.navigate('/list');
    fireEvent.change(screen.getByLabelText('Nama Gudang'), { target: { value: 'Gudang' } });
    fireEvent.change(screen.getByLabelText('Kode Gudang'), { target: { value: 'JKT-09' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/list'));
    expect(onSaved).toHaveBeenCalledWith({ name: 'Gudang', code: 'JKT-09' });
    expect(screen.queryByText('Tinggalkan halaman ini?')).toBeNull();
  });

  it('shows a load error with retry instead of the form', () => {
    const onRetry = vi.fn();
    function Failing() {
      const [form] = Form.useForm();
      return (
        <FormPage
          name="x"
          title="Ubah"
          form={form}
          backTo="/list"
          loadError={new ApiError(404, 'WAREHOUSE_NOT_FOUND', 'no')}
          onRetry={onRetry}
          onSubmit={async () => ({})}
          onSaved={() => undefined}
        >
          <Form.Item name="name">
            <Input />
          </Form.Item>
        </FormPage>
      );
    }
    renderWithRouter(<Failing />, { path: '/form' });
    expect(screen.getByText('Gudang tidak ditemukan.')).toBeTruthy();
    fireEvent.click(screen.getByText('Coba lagi'));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
