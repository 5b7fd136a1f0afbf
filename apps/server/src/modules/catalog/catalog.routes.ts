import {
  AreaPrice,
  AreaPriceInput,
  AreaPriceList,
  AreaPriceLookup,
  AreaPriceLookupQuery,
  Brand,
  BrandInput,
  BrandList,
  BrandListQuery,
  BulkIdsInput,
  BulkResult,
  BulkStatusInput,
  Category,
  CategoryInput,
  CategoryMoveInput,
  CategoryTree,
  CatalogVariables,
  CatalogVariablesInput,
  ExportRecord,
  FormulaPreview,
  FormulaPreviewInput,
  IdParams,
  ImageFileQuery,
  ImageOrderInput,
  ImageParams,
  ImageUploadInput,
  Product,
  ProductImage,
  ProductExportInput,
  ProductImport,
  ProductImportList,
  IMPORT_BASE64_MAX_CHARS,
  ImportPreview,
  ImportUploadInput,
  ProductInput,
  ProductList,
  ProductListQuery,
  ProductVideo,
  StatusInput,
  ValidityInput,
  VideoUploadQuery,
} from '@kelola/contracts';
import { VIDEO_MAX_BYTES } from '@kelola/domain/video-file';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { z } from 'zod';
import * as exportHistory from '../../platform/exports/exports.ts';
import { download } from '../../platform/files/download.ts';
import type { Router } from '../../http/route.ts';
import * as areaPrices from './area-prices.service.ts';
import * as brands from './brands.service.ts';
import * as io from './catalog-io.service.ts';
import * as categories from './categories.service.ts';
import * as pricing from './formula-pricing.service.ts';
import * as images from './images.service.ts';
import * as products from './products.service.ts';
import * as video from './video.service.ts';

/** The streamed upload in a request: its declared length and its body as a stream (never read into memory here). */
function videoUploadOf(request: FastifyRequest, fileName: string): video.VideoUpload {
  const length = request.headers['content-length'];
  const body = request.body;
  return {
    fileName,
    contentLength: length !== undefined && /^\d+$/u.test(length) ? Number(length) : null,
    // The app's video/* parser hands over the request stream; a buffered body (another parser) is streamed from memory.
    body: body instanceof Readable ? body : Buffer.isBuffer(body) ? Readable.from([body]) : request.raw,
  };
}

/**
 * A stored video, whole (200, streamed by the route helper) or one byte range (206) or an unsatisfiable range (416).
 * The route helper answers with the route's one status, so the partial answers are written to the socket here.
 */
function sendVideo(request: FastifyRequest, reply: FastifyReply, file: Awaited<ReturnType<typeof video.videoFile>>) {
  const headers = { 'accept-ranges': 'bytes', 'cache-control': 'private, max-age=3600' };
  if (!('unsatisfiable' in file) && !file.range) {
    void reply.headers({ ...headers, 'content-type': file.contentType, 'content-length': file.size });
    return file.stream;
  }
  void reply.hijack();
  if ('unsatisfiable' in file) {
    reply.raw.writeHead(416, { ...headers, 'x-request-id': request.id, 'content-range': `bytes */${file.size}` }).end();
    return undefined;
  }
  const { start, end } = file.range!;
  reply.raw.writeHead(206, {
    ...headers,
    'x-request-id': request.id,
    'content-type': file.contentType,
    'content-length': end - start + 1,
    'content-range': `bytes ${start}-${end}/${file.size}`,
  });
  file.stream.on('error', () => reply.raw.destroy()).pipe(reply.raw);
  return undefined;
}

/** Master products, categories, brands, images, SKU prices by area and formula previews (spec parts 3–5, issue 4). */
export function registerCatalogRoutes({ route }: Router): void {
  // Categories -------------------------------------------------------------------------------------------------
  let tags = ['categories'];
  route(
    {
      method: 'GET',
      url: '/api/categories',
      permission: ['product-category', 'READ'],
      tags,
      summary: 'The whole category tree',
      response: CategoryTree,
    },
    (ctx) => categories.categoryTree(ctx),
  );
  route(
    {
      method: 'GET',
      url: '/api/categories/:id',
      permission: ['product-category', 'READ'],
      tags,
      summary: 'A category with its path from the root',
      params: IdParams,
      response: Category,
    },
    (ctx, { params }) => categories.getCategory(ctx, params.id),
  );
  route(
    {
      method: 'POST',
      url: '/api/categories',
      permission: ['product-category', 'WRITE'],
      tags,
      body: CategoryInput,
      response: Category,
      status: 201,
    },
    (ctx, { body }) => categories.createCategory(ctx, body),
  );
  route(
    {
      method: 'PUT',
      url: '/api/categories/:id',
      permission: ['product-category', 'WRITE'],
      tags,
      summary: 'Renames; moves too when parent_id changes',
      params: IdParams,
      body: CategoryInput,
      response: Category,
    },
    (ctx, { params, body }) => categories.updateCategory(ctx, params.id, body),
  );
  route(
    {
      method: 'POST',
      url: '/api/categories/:id/move',
      permission: ['product-category', 'WRITE'],
      tags,
      summary: 'Moves a category and its subtree (422 CATEGORY_CYCLE under itself)',
      params: IdParams,
      body: CategoryMoveInput,
      response: Category,
    },
    (ctx, { params, body }) => categories.moveCategory(ctx, params.id, body),
  );
  route(
    {
      method: 'DELETE',
      url: '/api/categories/:id',
      permission: ['product-category', 'WRITE'],
      tags,
      summary: '409 CATEGORY_HAS_CHILDREN or CATEGORY_IN_USE when it cannot go',
      params: IdParams,
    },
    (ctx, { params }) => categories.deleteCategory(ctx, params.id),
  );

  // Brands (part of the product form: product permissions) --------------------------------------------------------
  tags = ['brands'];
  route(
    { method: 'GET', url: '/api/brands', permission: ['product', 'READ'], tags, querystring: BrandListQuery, response: BrandList },
    (ctx, { query }) => brands.listBrands(ctx, query),
  );
  route(
    { method: 'GET', url: '/api/brands/:id', permission: ['product', 'READ'], tags, params: IdParams, response: Brand },
    (ctx, { params }) => brands.getBrand(ctx, params.id),
  );
  route(
    { method: 'POST', url: '/api/brands', permission: ['product', 'WRITE'], tags, body: BrandInput, response: Brand, status: 201 },
    (ctx, { body }) => brands.createBrand(ctx, body),
  );
  route(
    { method: 'PUT', url: '/api/brands/:id', permission: ['product', 'WRITE'], tags, params: IdParams, body: BrandInput, response: Brand },
    (ctx, { params, body }) => brands.updateBrand(ctx, params.id, body),
  );
  route(
    {
      method: 'DELETE',
      url: '/api/brands/:id',
      permission: ['product', 'WRITE'],
      tags,
      summary: '409 BRAND_IN_USE when products use it',
      params: IdParams,
    },
    (ctx, { params }) => brands.deleteBrand(ctx, params.id),
  );

  // Products ---------------------------------------------------------------------------------------------------
  tags = ['products'];
  route(
    {
      method: 'GET',
      url: '/api/products',
      permission: ['product', 'READ'],
      tags,
      summary: 'Product list: search (name or exact SKU), filters, sort, counts per status (active, notActive, draft, all) and total_row',
      querystring: ProductListQuery,
      response: ProductList,
    },
    (ctx, { query }) => products.listProducts(ctx, query),
  );
  route(
    { method: 'GET', url: '/api/products/:id', permission: ['product', 'READ'], tags, params: IdParams, response: Product },
    (ctx, { params }) => products.getProduct(ctx, params.id),
  );
  route(
    {
      method: 'POST',
      url: '/api/products',
      permission: ['product', 'WRITE'],
      tags,
      summary: 'Creates a single, variant or bundling product with its SKUs',
      body: ProductInput,
      response: Product,
      status: 201,
    },
    (ctx, { body }) => products.createProduct(ctx, body),
  );
  route(
    {
      method: 'PUT',
      url: '/api/products/:id',
      permission: ['product', 'WRITE'],
      tags,
      summary: 'Replaces a product; SKUs match by id, else by SKU; missing SKUs are removed',
      params: IdParams,
      body: ProductInput,
      response: Product,
    },
    (ctx, { params, body }) => products.updateProduct(ctx, params.id, body),
  );
  route(
    {
      method: 'DELETE',
      url: '/api/products/:id',
      permission: ['product', 'WRITE'],
      tags,
      summary: '409 CATALOG_IN_BUNDLE when a bundle uses one of its SKUs',
      params: IdParams,
    },
    (ctx, { params }) => products.deleteProduct(ctx, params.id),
  );
  route(
    {
      method: 'PUT',
      url: '/api/products/:id/status',
      permission: ['product', 'WRITE'],
      tags,
      params: IdParams,
      body: StatusInput,
      response: Product,
    },
    (ctx, { params, body }) => products.setProductStatus(ctx, params.id, body.status),
  );
  route(
    {
      method: 'POST',
      url: '/api/products/:id/validity',
      permission: ['product', 'WRITE'],
      tags,
      params: IdParams,
      body: ValidityInput,
      response: Product,
    },
    (ctx, { params, body }) => products.setProductValidity(ctx, params.id, body.is_valid),
  );
  route(
    {
      method: 'POST',
      url: '/api/products/bulk-status',
      permission: ['product', 'WRITE'],
      tags,
      summary: 'Sets the status of up to 500 products; unknown ids are listed as failed',
      body: BulkStatusInput,
      response: BulkResult,
    },
    (ctx, { body }) => products.bulkSetStatus(ctx, body),
  );
  route(
    {
      method: 'POST',
      url: '/api/products/bulk-delete',
      permission: ['product', 'WRITE'],
      tags,
      summary: 'Deletes up to 500 products; unknown ids and bundle components are listed as failed',
      body: BulkIdsInput,
      response: BulkResult,
    },
    (ctx, { body }) => products.bulkDelete(ctx, body),
  );

  // Images -----------------------------------------------------------------------------------------------------
  route(
    {
      method: 'POST',
      url: '/api/products/:id/images',
      // 15 MB of image as base64 is 20 MB of JSON.
      bodyLimit: 21 * 1024 * 1024,
      permission: ['product', 'WRITE'],
      tags,
      summary: 'Adds an image as base64 JSON (JPG, JPEG, PNG, BMP, GIF); a JPEG thumbnail is generated; first is show, second thumb',
      params: IdParams,
      body: ImageUploadInput,
      response: ProductImage,
      status: 201,
    },
    (ctx, { params, body }) => images.uploadImage(ctx, params.id, body),
  );
  route(
    {
      method: 'PUT',
      url: '/api/products/:id/images/order',
      permission: ['product', 'WRITE'],
      tags,
      summary: 'Reorders all images of a product',
      params: IdParams,
      body: ImageOrderInput,
      response: z.object({ items: z.array(ProductImage) }),
    },
    (ctx, { params, body }) => images.reorderImages(ctx, params.id, body),
  );
  route(
    { method: 'DELETE', url: '/api/products/:id/images/:imageId', permission: ['product', 'WRITE'], tags, params: ImageParams },
    (ctx, { params }) => images.deleteImage(ctx, params.id, params.imageId),
  );
  route(
    {
      method: 'GET',
      url: '/api/products/:id/images/:imageId/file',
      permission: ['product', 'READ'],
      tags,
      summary: 'The image file, or its thumbnail with ?size=thumb',
      params: ImageParams,
      querystring: ImageFileQuery,
    },
    async (ctx, { params, query, reply }) => {
      const file = await images.imageFile(ctx, params.id, params.imageId, query.size);
      void reply.header('content-type', file.mimeType).header('cache-control', 'private, max-age=3600');
      return file.stream;
    },
  );

  // Video (a file up to 30 MB, or the product's YouTube link) ----------------------------------------------------------
  route(
    {
      method: 'PUT',
      url: '/api/products/:id/video',
      // The file arrives as the raw body, streamed to storage (never buffered); Content-Length is required and checked.
      bodyLimit: VIDEO_MAX_BYTES + 1024 * 1024,
      permission: ['product', 'WRITE'],
      tags,
      summary:
        'Uploads the video as a streamed raw body (Content-Type video/mp4, video/webm or video/quicktime; ?file_name=): MP4, WebM or MOV by its bytes, at most 30 MB (413 VIDEO_TOO_LARGE on field video); replaces the YouTube link and any earlier file',
      params: IdParams,
      querystring: VideoUploadQuery,
      response: ProductVideo,
    },
    (ctx, { params, query, request }) => video.uploadVideo(ctx, params.id, videoUploadOf(request, query.file_name)),
  );
  route(
    {
      method: 'GET',
      url: '/api/products/:id/video',
      permission: ['product', 'READ'],
      tags,
      summary: 'The uploaded video file, streamed; one byte range with Range: bytes=… (206)',
      params: IdParams,
      querystring: z.object({ v: z.string().max(64).optional() }),
    },
    async (ctx, { params, request, reply }) =>
      sendVideo(
        request,
        reply,
        await video.videoFile(ctx, params.id, typeof request.headers.range === 'string' ? request.headers.range : undefined),
      ),
  );
  route(
    {
      method: 'DELETE',
      url: '/api/products/:id/video',
      permission: ['product', 'WRITE'],
      tags,
      summary: 'Removes the uploaded video file',
      params: IdParams,
    },
    (ctx, { params }) => video.deleteVideo(ctx, params.id),
  );

  // Import and export --------------------------------------------------------------------------------------------
  tags = ['product-import-export'];
  route(
    {
      method: 'GET',
      url: '/api/products/import/template',
      permission: ['product', 'WRITE'],
      tags,
      summary: 'The XLSX import template (streamed): single, variant and bundling examples, and the column guide',
    },
    async (_ctx, { reply }) => download(reply, io.templateStream()),
  );
  route(
    {
      method: 'POST',
      url: '/api/products/imports',
      // A 10 MB file as base64 JSON; a larger file is refused on its field (IMPORT_FILE_TOO_LARGE), not as a whole body.
      bodyLimit: IMPORT_BASE64_MAX_CHARS + 64 * 1024,
      permission: ['product', 'WRITE'],
      tags,
      summary:
        'Uploads a filled template (base64 JSON, at most 10 MB of XLSX) and queues its preview (nothing changes yet); poll GET /api/products/imports/:id, then confirm',
      body: ImportUploadInput,
      response: ProductImport,
      status: 202,
    },
    (ctx, { body }) => io.startImport(ctx, body),
  );
  route(
    {
      method: 'GET',
      url: '/api/products/imports',
      permission: ['product', 'READ'],
      tags,
      summary: 'The 50 latest imports',
      response: ProductImportList,
    },
    (ctx) => io.listImports(ctx),
  );
  route(
    {
      method: 'GET',
      url: '/api/products/imports/:id',
      permission: ['product', 'READ'],
      tags,
      summary: 'Status and progress of an import',
      params: IdParams,
      response: ProductImport,
    },
    (ctx, { params }) => io.getImport(ctx, params.id),
  );
  route(
    {
      method: 'GET',
      url: '/api/products/imports/:id/preview',
      permission: ['product', 'READ'],
      tags,
      summary:
        'What the import would do, per product: new, changed (field diff), unchanged, errors, template examples (409 FILE_NOT_READY before)',
      params: IdParams,
      response: ImportPreview,
    },
    (ctx, { params }) => io.getImportPreview(ctx, params.id),
  );
  route(
    {
      method: 'POST',
      url: '/api/products/imports/:id/confirm',
      permission: ['product', 'WRITE'],
      tags,
      summary: 'Confirms a previewed import and queues it (repeating it is harmless; 409 IMPORT_NOT_CONFIRMABLE before the preview)',
      params: IdParams,
      response: ProductImport,
      status: 202,
    },
    (ctx, { params }) => io.confirmImport(ctx, params.id),
  );
  route(
    {
      method: 'GET',
      url: '/api/products/imports/:id/result',
      permission: ['product', 'READ'],
      tags,
      summary: 'XLSX of the failed rows and why (409 FILE_NOT_READY when there is none)',
      params: IdParams,
    },
    async (ctx, { params, reply }) => download(reply, await io.importResultFile(ctx, params.id)),
  );
  route(
    {
      method: 'POST',
      url: '/api/products/exports',
      permission: ['product', 'READ'],
      tags,
      summary: 'Queues an export of the products matching the filters; recorded in export history',
      body: ProductExportInput,
      response: ExportRecord,
      status: 202,
    },
    (ctx, { body }) => io.startProductExport(ctx, body),
  );
  route(
    {
      method: 'GET',
      url: '/api/products/exports/:id',
      permission: ['product', 'READ'],
      tags,
      summary: 'Status of a product export (for the waiting modal)',
      params: IdParams,
      response: ExportRecord,
    },
    (ctx, { params }) => exportHistory.getExport(ctx, params.id, 'PRODUCT'),
  );
  route(
    {
      method: 'GET',
      url: '/api/products/exports/:id/file',
      permission: ['product', 'READ'],
      tags,
      summary: 'The exported XLSX',
      params: IdParams,
    },
    async (ctx, { params, reply }) => download(reply, await exportHistory.exportFile(ctx, params.id, 'PRODUCT')),
  );

  // Prices of SKUs: by area, per-SKU variable values, formula preview ------------------------------------------------
  tags = ['prices'];
  route(
    { method: 'GET', url: '/api/catalogs/:id/area-prices', permission: ['price', 'READ'], tags, params: IdParams, response: AreaPriceList },
    (ctx, { params }) => areaPrices.listAreaPrices(ctx, params.id),
  );
  route(
    {
      method: 'POST',
      url: '/api/catalogs/:id/area-prices',
      permission: ['price', 'WRITE'],
      tags,
      summary: '409 AREA_PRICE_OVERLAP when the dates overlap another entry of the same area and customer type',
      params: IdParams,
      body: AreaPriceInput,
      response: AreaPrice,
      status: 201,
    },
    (ctx, { params, body }) => areaPrices.createAreaPrice(ctx, params.id, body),
  );
  route(
    {
      method: 'PUT',
      url: '/api/area-prices/:id',
      permission: ['price', 'WRITE'],
      tags,
      params: IdParams,
      body: AreaPriceInput,
      response: AreaPrice,
    },
    (ctx, { params, body }) => areaPrices.updateAreaPrice(ctx, params.id, body),
  );
  route({ method: 'DELETE', url: '/api/area-prices/:id', permission: ['price', 'WRITE'], tags, params: IdParams }, (ctx, { params }) =>
    areaPrices.deleteAreaPrice(ctx, params.id),
  );
  route(
    {
      method: 'GET',
      url: '/api/area-prices/lookup',
      permission: ['price', 'READ'],
      tags,
      summary: 'What customer type X in area Y pays for a SKU on date Z (most specific area wins; else the list price)',
      querystring: AreaPriceLookupQuery,
      response: AreaPriceLookup,
    },
    (ctx, { query }) => areaPrices.lookupAreaPrice(ctx, query),
  );
  route(
    {
      method: 'GET',
      url: '/api/catalogs/:id/variables',
      permission: ['product-variable', 'READ'],
      tags,
      summary: "A SKU's own values of product variables",
      params: IdParams,
      response: CatalogVariables,
    },
    (ctx, { params }) => pricing.getCatalogVariables(ctx, params.id),
  );
  route(
    {
      method: 'PUT',
      url: '/api/catalogs/:id/variables',
      permission: ['product-variable', 'WRITE'],
      tags,
      summary: 'Sets (value) or clears (null) product-variable values of a SKU',
      params: IdParams,
      body: CatalogVariablesInput,
      response: CatalogVariables,
    },
    (ctx, { params, body }) => pricing.setCatalogVariables(ctx, params.id, body),
  );
  route(
    {
      method: 'POST',
      url: '/api/price-formulas/preview',
      permission: ['price-formula', 'READ'],
      tags: ['pricing'],
      summary: 'Evaluates a saved (formula_id) or edited (expression) formula on up to 10 sample SKUs, each with a step-by-step trace',
      body: FormulaPreviewInput,
      response: FormulaPreview,
    },
    (ctx, { body }) => pricing.previewFormula(ctx, body),
  );
}
