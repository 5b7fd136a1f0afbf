import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.ts';
import './i18n.ts';
import { httpErrorNotice, notifyHttpError, setNotifier } from './notify.ts';

describe('HTTP error notifications (spec part 8)', () => {
  afterEach(() => setNotifier(null));

  it('titles the notice with the status and describes it with the custom error text', () => {
    expect(httpErrorNotice(new ApiError(401, 'INVALID_CREDENTIALS', 'Invalid credentials'))).toEqual({
      title: '401',
      description: expect.any(String) as string,
    });
    const notice = httpErrorNotice(new ApiError(404, 'LINK_INVALID', 'raw'));
    expect(notice.description).toBe('Tautan tidak valid.');
  });

  it('falls back to the server error, then the message (status text)', () => {
    expect(httpErrorNotice(new ApiError(502, 'HTTP_502', 'Bad Gateway', { error: 'upstream down' }))).toEqual({
      title: '502',
      description: 'upstream down',
    });
    expect(httpErrorNotice(new ApiError(503, 'HTTP_503', 'Service Unavailable'))).toEqual({
      title: '503',
      description: 'Service Unavailable',
    });
  });

  it('uses the message as title when there is no status', () => {
    expect(httpErrorNotice(new Error('boom'))).toEqual({ title: 'boom', description: undefined });
    expect(httpErrorNotice(new ApiError(0, 'NETWORK', 'Failed to fetch')).title).toBe('Failed to fetch');
  });

  it('hands the notice to the connected notifier', () => {
    const error = vi.fn();
    setNotifier({ error, success: vi.fn() });
    notifyHttpError(new ApiError(500, 'HTTP_500', 'Internal Server Error'));
    expect(error).toHaveBeenCalledWith({ key: 'http:500:HTTP_500', title: '500', description: 'Internal Server Error' });
  });
});
