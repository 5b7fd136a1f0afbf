import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../test/render-with-router.tsx';
import { useListQuery, useUpdateSearchParams, type ListQuery } from './use-list-query.ts';

let latest: ListQuery<'q' | 'status'>;

function Probe() {
  latest = useListQuery({ filterKeys: ['q', 'status'], defaultSort: 'name' });
  return <pre data-testid="params">{JSON.stringify(latest.params)}</pre>;
}

let carry: ReturnType<typeof useUpdateSearchParams>;

/** The list plus the shell's workspace-query carrying, updating the same URL (the /warehouse flake). */
function ListInShell() {
  carry = useUpdateSearchParams();
  return <Probe />;
}

const search = (router: ReturnType<typeof renderWithRouter>['router']) => new URLSearchParams(router.state.location.search);

describe('useListQuery', () => {
  it('defaults to page 1, size 10 and the default sort, with nothing in the URL', () => {
    renderWithRouter(<Probe />, { path: '/list?workspace_id=w-1' });
    expect(JSON.parse(screen.getByTestId('params').textContent ?? '')).toEqual({ page: 1, size: 10, sort: 'name' });
  });

  it('reads page, size, sort and filters from the URL and ignores bad numbers', () => {
    renderWithRouter(<Probe />, { path: '/list?page=3&size=20&sort=-code&q=jkt&other=x' });
    expect(latest.params).toEqual({ page: 3, size: 20, sort: '-code', q: 'jkt' });
    renderWithRouter(<Probe />, { path: '/list?page=-2&size=abc' });
    expect(latest.params).toMatchObject({ page: 1, size: 10 });
  });

  it('writes changes to the URL, keeps the workspace query and resets the page on a new filter or sort', () => {
    const { router } = renderWithRouter(<Probe />, { path: '/list?workspace_id=w-1' });
    act(() => latest.setPage(4));
    expect(search(router).get('page')).toBe('4');
    act(() => latest.setFilters({ q: '  gudang  ' }));
    expect(search(router).get('q')).toBe('gudang');
    expect(search(router).has('page')).toBe(false);
    act(() => latest.setPage(2, 50));
    expect(search(router).has('page')).toBe(false);
    expect(search(router).get('size')).toBe('50');
    act(() => latest.setSort('-name'));
    expect(search(router).get('sort')).toBe('-name');
    act(() => latest.setSort('name'));
    expect(search(router).has('sort')).toBe(false);
    act(() => latest.setFilters({ q: '' }));
    expect(search(router).has('q')).toBe(false);
    expect(search(router).get('workspace_id')).toBe('w-1');
  });

  it('makes each change a history entry, so the back button restores the previous list', async () => {
    const { router } = renderWithRouter(<Probe />, { path: '/list' });
    act(() => latest.setFilters({ q: 'bandung' }));
    act(() => latest.setPage(2));
    expect(latest.params).toMatchObject({ page: 2, q: 'bandung' });
    await act(() => router.navigate(-1));
    expect(latest.params).toMatchObject({ page: 1, q: 'bandung' });
    await act(() => router.navigate(-1));
    expect(latest.filters).toEqual({});
  });

  it('reset clears page, size, sort and filters', () => {
    const { router } = renderWithRouter(<Probe />, { path: '/list?page=2&size=20&sort=-code&q=a&status=ACTIVE&workspace_id=w-1' });
    act(() => latest.reset());
    expect(router.state.location.search).toBe('?workspace_id=w-1');
  });

  it('keeps a search typed while the shell carries the workspace query in the same render (no lost q)', () => {
    const { router } = renderWithRouter(<ListInShell />, { path: '/warehouse' });
    act(() => {
      // Both run before the router re-renders: the list pushes ?q=…, then the shell replaces to add workspace_id.
      latest.setFilters({ q: 'gudang' });
      carry((next) => next.set('workspace_id', 'w-1'), { replace: true });
    });
    expect(search(router).get('q')).toBe('gudang');
    expect(search(router).get('workspace_id')).toBe('w-1');
    expect(latest.filters).toEqual({ q: 'gudang' });
  });

  it('keeps the workspace query when the list changes right after the shell carried it', () => {
    const { router } = renderWithRouter(<ListInShell />, { path: '/warehouse?page=2' });
    act(() => {
      carry((next) => next.set('workspace_id', 'w-1'), { replace: true });
      latest.setFilters({ q: 'jkt' });
    });
    expect(search(router).get('workspace_id')).toBe('w-1');
    expect(search(router).get('q')).toBe('jkt');
    expect(search(router).has('page')).toBe(false);
  });
});
