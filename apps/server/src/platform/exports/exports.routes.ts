import { ExportList, ExportListQuery, ExportRecord, IdParams } from '@kelola/contracts';
import type { Router } from '../../http/route.ts';
import { download } from '../files/download.ts';
import { exportFile, getExport, listExports, retryExport, type UserNames } from './exports.ts';

const tags = ['export-history'];

/** The export history screen: every export of the workspace (products, inventory, later orders), and its file. */
export function registerExportRoutes({ route }: Router, userNames: UserNames): void {
  route(
    {
      method: 'GET',
      url: '/api/exports',
      permission: ['export-history', 'READ'],
      tags,
      summary: 'Export history: every export of the workspace, newest first',
      querystring: ExportListQuery,
      response: ExportList,
    },
    (ctx, { query }) => listExports(ctx, query, userNames),
  );
  route(
    { method: 'GET', url: '/api/exports/:id', permission: ['export-history', 'READ'], tags, params: IdParams, response: ExportRecord },
    (ctx, { params }) => getExport(ctx, params.id),
  );
  route(
    { method: 'GET', url: '/api/exports/:id/file', permission: ['export-history', 'READ'], tags, params: IdParams },
    async (ctx, { params, reply }) => download(reply, await exportFile(ctx, params.id)),
  );
  route(
    {
      method: 'POST',
      url: '/api/exports/:id/retry',
      permission: ['export-history', 'READ'],
      tags,
      summary: 'Runs a failed export again (its job is sent again; status PROCESSING)',
      params: IdParams,
      response: ExportRecord,
      status: 202,
    },
    (ctx, { params }) => retryExport(ctx, params.id),
  );
}
