import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductVideo } from '@kelola/contracts/catalog';
import { setStoredWorkspaceId } from '../../../lib/auth-session.ts';
import { renderWithRouter, stubFetch } from '../../../test/render-with-router.tsx';
import { WORKSPACE } from '../test/catalog-fixtures.ts';
import { PendingVideo, ProductVideoField } from './video-upload.tsx';

const PRODUCT_ID = '01a20053-6220-743f-9efd-e20c8657b701';
const MB = 1024 * 1024;
const SAVED: ProductVideo = { format: 'mp4', content_type: 'video/mp4', size: 3 * MB, url: `/api/products/${PRODUCT_ID}/video?v=1` };

/** A stand-in for XMLHttpRequest: records the request; the test drives progress and the answer. */
class FakeXhr {
  static requests: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  statusText = '';
  responseText = '';
  withCredentials = false;
  aborted = false;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.requests.push(this);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
  }
  respond(status: number, body: unknown) {
    act(() => {
      this.status = status;
      this.responseText = JSON.stringify(body);
      this.onload?.();
    });
  }
}

/** A File whose size is what the test says, without allocating it. */
function file(name: string, size: number, type = 'video/mp4'): File {
  const f = new File(['....'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
}

const pick = (chosen: File) => {
  const input = screen.getByTestId('product-video').querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [chosen] } });
};

function setup(video: ProductVideo | null = null) {
  const onUploaded = vi.fn();
  const { fetchStub, calls } = stubFetch((method, url) => {
    if (url.pathname === `/api/products/${PRODUCT_ID}/video` && method === 'DELETE') return { status: 204, body: null };
    return { status: 404, body: { code: 'NOT_FOUND', message: 'no' } };
  });
  vi.stubGlobal('fetch', fetchStub);
  renderWithRouter(<ProductVideoField productId={PRODUCT_ID} video={video} onUploaded={onUploaded} />, {
    path: `/product/edit?workspace_id=${WORKSPACE}&id=${PRODUCT_ID}`,
    pattern: '/product/edit',
  });
  return { onUploaded, calls };
}

describe('product video upload control', { timeout: 20_000 }, () => {
  beforeEach(() => {
    FakeXhr.requests = [];
    setStoredWorkspaceId(WORKSPACE);
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:video'), revokeObjectURL: vi.fn() }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setStoredWorkspaceId(null);
  });

  it('refuses another type or a file over 30 MB before any upload', async () => {
    setup();
    await screen.findByText('Unggah Video');
    pick(file('promo.avi', 1000, 'video/x-msvideo'));
    expect(await screen.findByText('Nama berkas harus berakhiran .mp4, .webm atau .mov.')).toBeTruthy();
    pick(file('besar.mp4', 30 * MB + 1));
    expect(await screen.findByText('Ukuran video lebih dari 30 MB.')).toBeTruthy();
    expect(FakeXhr.requests).toHaveLength(0);
  });

  it('streams the file with a PUT, shows the progress, then previews it and tells the form', async () => {
    const { onUploaded } = setup();
    await screen.findByText('Unggah Video');
    const chosen = file('Promo Kaos.mp4', 8 * MB);
    pick(chosen);
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
    const xhr = FakeXhr.requests[0]!;
    expect(xhr.method).toBe('PUT');
    expect(xhr.url).toBe(`/api/products/${PRODUCT_ID}/video?file_name=Promo%20Kaos.mp4`);
    expect(xhr.headers).toMatchObject({ 'Content-Type': 'video/mp4', 'Workspace-Id': WORKSPACE });
    // The File itself is the body: the browser streams it, nothing is read into memory or base64.
    expect(xhr.body).toBe(chosen);
    xhr.progress(2 * MB, 8 * MB);
    expect((await screen.findByRole('progressbar')).getAttribute('aria-valuenow')).toBe('25');
    xhr.respond(200, { ...SAVED, size: 8 * MB });
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith(expect.objectContaining({ format: 'mp4', size: 8 * MB })));
    expect(await screen.findByText('Video diunggah.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    // The file just sent plays from memory, no download.
    expect(screen.getByTestId('video-preview').getAttribute('src')).toBe('blob:video');
    expect(screen.getByText('Video MP4, 8 MB')).toBeTruthy();
    expect(screen.getByText('Ganti Video')).toBeTruthy();
  });

  it('shows the server’s reason on the video field, and a cancelled upload leaves no error', async () => {
    setup();
    await screen.findByText('Unggah Video');
    pick(file('promo.mp4', 5 * MB));
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
    FakeXhr.requests[0]!.respond(400, {
      code: 'VALIDATION_FAILED',
      message: 'x',
      details: { fields: [{ path: 'video', code: 'VIDEO_FORMAT', message: 'Use an MP4' }] },
    });
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Gunakan video MP4, WebM atau MOV.');

    pick(file('promo.webm', 5 * MB, 'video/webm'));
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(2));
    expect(FakeXhr.requests[1]!.headers['Content-Type']).toBe('video/webm');
    fireEvent.click(await screen.findByText('Batalkan'));
    expect(FakeXhr.requests[1]!.aborted).toBe(true);
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('plays a saved video on request and removes it after confirmation', async () => {
    const { calls } = setup(SAVED);
    expect(await screen.findByText('Video MP4, 3 MB')).toBeTruthy();
    expect(screen.getByText('Ganti Video')).toBeTruthy();
    expect(screen.queryByTestId('video-preview')).toBeNull();
    vi.stubGlobal('fetch', async () => new Response('video bytes', { status: 200, headers: { 'Content-Type': 'video/mp4' } }));
    fireEvent.click(screen.getByText('Putar Video'));
    expect((await screen.findByTestId('video-preview')).getAttribute('src')).toBe('blob:video');

    const { fetchStub, calls: deletes } = stubFetch((method) =>
      method === 'DELETE' ? { status: 204, body: null } : { status: 404, body: {} },
    );
    vi.stubGlobal('fetch', fetchStub);
    fireEvent.click(screen.getByText('Hapus Video'));
    expect((await screen.findAllByText('Hapus video produk?')).length).toBeGreaterThan(0);
    expect(deletes).toHaveLength(0);
    // The dialog's own button confirms.
    const buttons = screen.getAllByRole('button', { name: /Hapus Video/u });
    fireEvent.click(buttons[buttons.length - 1]!);
    await waitFor(() =>
      expect(deletes.some((call) => call.method === 'DELETE' && call.url.pathname === `/api/products/${PRODUCT_ID}/video`)).toBe(true),
    );
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
  });
});

describe('video chosen before the product exists', { timeout: 20_000 }, () => {
  beforeEach(() => vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:pending'), revokeObjectURL: vi.fn() })));
  afterEach(() => vi.unstubAllGlobals());

  it('previews the chosen file with its size, and can drop it', async () => {
    const onChange = vi.fn();
    const chosen = file('promo.mov', 12 * MB, 'video/quicktime');
    renderWithRouter(<PendingVideo file={chosen} onChange={onChange} progress={null} />, {
      path: `/product/create?workspace_id=${WORKSPACE}`,
    });
    expect(await screen.findByText('promo.mov, 12 MB — diunggah setelah produk disimpan')).toBeTruthy();
    expect(screen.getByTestId('video-preview').getAttribute('src')).toBe('blob:pending');
    fireEvent.click(screen.getByText('Hapus Video'));
    expect(onChange).toHaveBeenCalledWith(null);
    pick(file('lain.mkv', 1000, 'video/x-matroska'));
    expect(await screen.findByText('Nama berkas harus berakhiran .mp4, .webm atau .mov.')).toBeTruthy();
    pick(file('lain.webm', 1000, 'video/webm'));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ name: 'lain.webm' }));
  });

  it('shows the upload progress while the new product is saved', async () => {
    renderWithRouter(<PendingVideo file={file('promo.mp4', MB)} onChange={vi.fn()} progress={40} />, {
      path: `/product/create?workspace_id=${WORKSPACE}`,
    });
    expect((await screen.findByRole('progressbar')).getAttribute('aria-valuenow')).toBe('40');
  });
});
