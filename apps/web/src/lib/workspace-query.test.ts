import { describe, expect, it } from 'vitest';
import { carriedPath, carryWorkspaceQuery, withWorkspaceQuery, workspaceQueryOf } from './workspace-query.ts';

describe('carriedPath (spec part 2)', () => {
  it('keeps the full path of paths containing integration, /confirmation/registered/success or /inventory/', () => {
    expect(carriedPath('/integration')).toBe('/integration');
    expect(carriedPath('/integration/lazada/callback')).toBe('/integration/lazada/callback');
    expect(carriedPath('/channel/shopee_id/integration/list')).toBe('/channel/shopee_id/integration/list');
    expect(carriedPath('/confirmation/registered/success')).toBe('/confirmation/registered/success');
    expect(carriedPath('/inventory/goods-receipt/create')).toBe('/inventory/goods-receipt/create');
    expect(carriedPath('/inventory/detail-stock-movement/42')).toBe('/inventory/detail-stock-movement/42');
  });

  it('keeps only the first segment of every other path', () => {
    expect(carriedPath('/fulfillment/detail/update-order')).toBe('/fulfillment');
    expect(carriedPath('/warehouse/update-warehouse/7')).toBe('/warehouse');
    expect(carriedPath('/product/create')).toBe('/product');
    expect(carriedPath('/dashboard')).toBe('/dashboard');
    expect(carriedPath('/confirmation/registered/timeout')).toBe('/confirmation');
    // '/inventory' alone has no trailing slash, so it is not an /inventory/ path.
    expect(carriedPath('/inventory')).toBe('/inventory');
    expect(carriedPath('/')).toBe('/');
  });
});

describe('carryWorkspaceQuery', () => {
  const carried = new URLSearchParams({ workspace_id: 'w-1', business_id: 'b-2' });

  it('adds workspace_id and business_id and cuts the path to its first segment', () => {
    expect(carryWorkspaceQuery({ pathname: '/fulfillment/detail', search: '?id=9' }, carried)).toBe(
      '/fulfillment?id=9&workspace_id=w-1&business_id=b-2',
    );
    expect(carryWorkspaceQuery({ pathname: '/inventory/stock-movement' }, carried)).toBe(
      '/inventory/stock-movement?workspace_id=w-1&business_id=b-2',
    );
  });

  it('carries warehouse_id for a Warehouse restriction', () => {
    const warehouse = new URLSearchParams({ workspace_id: 'w-1', warehouse_id: 'wh-3' });
    expect(carryWorkspaceQuery({ pathname: '/warehouse' }, warehouse)).toBe('/warehouse?workspace_id=w-1&warehouse_id=wh-3');
  });

  it('leaves a target that already has workspace_id alone', () => {
    expect(carryWorkspaceQuery({ pathname: '/fulfillment/detail', search: '?workspace_id=w-9' }, carried)).toBeNull();
  });

  it('does not overwrite the target query and keeps the hash', () => {
    expect(carryWorkspaceQuery({ pathname: '/sales', search: '?business_id=b-7', hash: '#top' }, carried)).toBe(
      '/sales?business_id=b-7&workspace_id=w-1#top',
    );
  });

  it('keeps the full path when the cut path is not a screen', () => {
    const isRoute = (path: string) => path === '/fulfillment';
    expect(carryWorkspaceQuery({ pathname: '/promotion-channel/5/list' }, carried, isRoute)).toBe(
      '/promotion-channel/5/list?workspace_id=w-1&business_id=b-2',
    );
    expect(carryWorkspaceQuery({ pathname: '/fulfillment/detail' }, carried, isRoute)).toBe(
      '/fulfillment?workspace_id=w-1&business_id=b-2',
    );
  });
});

describe('workspaceQueryOf and withWorkspaceQuery', () => {
  it('reads the carried keys only when workspace_id is present', () => {
    expect(workspaceQueryOf('?page=2&business_id=b')).toBeNull();
    expect(workspaceQueryOf('?page=2&workspace_id=w&business_id=b')?.toString()).toBe('workspace_id=w&business_id=b');
  });

  it('adds the current query to links without changing their path', () => {
    expect(withWorkspaceQuery('/warehouse/add-warehouse', '?workspace_id=w&business_id=b&page=3')).toBe(
      '/warehouse/add-warehouse?workspace_id=w&business_id=b',
    );
    expect(withWorkspaceQuery('/sales?workspace_id=x', '?workspace_id=w')).toBe('/sales?workspace_id=x');
  });

  it('takes the browser’s address when the rendered query does not have the workspace yet (a click during the shell’s replace)', () => {
    const before = window.location.href;
    window.history.replaceState(null, '', '/product?workspace_id=w2&business_id=b2');
    try {
      expect(withWorkspaceQuery('/product/create', '')).toBe('/product/create?workspace_id=w2&business_id=b2');
      expect(withWorkspaceQuery('/product/create', '?workspace_id=w')).toBe('/product/create?workspace_id=w');
    } finally {
      window.history.replaceState(null, '', before);
    }
  });
});
