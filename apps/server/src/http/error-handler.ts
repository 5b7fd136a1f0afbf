import type { FieldIssue } from '@kelola/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError } from '../platform/errors.ts';
import { localeFrom, translate, type Locale } from '../platform/i18n/translate.ts';
import { marketplaceRequestError } from '../modules/channels/channels.errors.ts';
import { ERROR_STATUS } from './error-status.ts';

type ZodIssueLike = { keyword: string; instancePath: string; message: string; params: Record<string, unknown> };

/** Turns a zod issue into a translated field error; custom messages are validation keys. */
export function fieldIssue(locale: Locale, issue: ZodIssueLike, prefix = ''): FieldIssue {
  const path = [prefix, ...issue.instancePath.split('/').filter(Boolean)].filter(Boolean).join('.');
  const p = issue.params;
  let key = issue.message;
  if (translate(locale, 'validation', key) === undefined) {
    const isString = p.origin === 'string';
    switch (issue.keyword) {
      case 'invalid_type':
        key = /received undefined|received null/u.test(issue.message) ? 'REQUIRED' : 'INVALID_TYPE';
        break;
      case 'too_small':
        key = isString ? (p.minimum === 1 ? 'REQUIRED' : 'TOO_SHORT') : 'TOO_SMALL';
        break;
      case 'too_big':
        key = isString ? 'TOO_LONG' : 'TOO_BIG';
        break;
      case 'invalid_format':
        key = p.format === 'email' ? 'INVALID_EMAIL' : p.format === 'uuid' ? 'INVALID_ID' : 'INVALID_FORMAT';
        break;
      case 'invalid_value':
        key = 'INVALID_VALUE';
        break;
      case 'unrecognized_keys':
        key = 'UNKNOWN_FIELD';
        break;
      default:
        key = 'INVALID_FORMAT';
    }
  }
  return { path, code: key, message: translate(locale, 'validation', key, { ...p, field: path }) ?? key };
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => {
    const locale = localeFrom(request.headers['accept-language']);
    void reply.code(404).send({ code: 'ROUTE_NOT_FOUND', message: translate(locale, 'errors', 'ROUTE_NOT_FOUND') });
  });

  app.setErrorHandler((thrown: FastifyError, request, reply) => {
    const locale = localeFrom(request.headers['accept-language']);
    // A marketplace's failure during a request is the marketplace's, not ours: said as such, never a 500.
    const fromMarketplace = marketplaceRequestError(thrown);
    if (fromMarketplace) request.log.warn({ err: thrown }, 'marketplace call failed during a request');
    const error = fromMarketplace ?? thrown;
    if (error instanceof DomainError) {
      const status = ERROR_STATUS[error.code];
      const details = error.details?.fields
        ? {
            ...error.details,
            fields: error.details.fields.map((f) => ({
              ...f,
              message:
                translate(locale, 'validation', f.code, { field: f.path }) ??
                translate(locale, 'errors', f.code, error.params) ??
                f.message,
            })),
          }
        : error.details;
      // The message's values (a wait in seconds …) travel as details too: a client words and counts with them itself.
      const answered = Object.keys(error.params).length > 0 ? { ...error.params, ...details } : details;
      if (error.code === 'RATE_LIMITED' || error.code === 'OTP_RESEND_TOO_EARLY' || error.code === 'CHANNEL_MARKETPLACE_BUSY')
        void reply.header('retry-after', String(error.params.retry_after ?? 60));
      return reply.code(status).send({
        code: error.code,
        message: translate(locale, 'errors', error.code, error.params) ?? error.code,
        ...(answered ? { details: answered } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const prefix = error.validationContext === 'body' ? '' : (error.validationContext ?? '');
      const fields = error.validation.map((issue) =>
        fieldIssue(locale, issue as unknown as ZodIssueLike, prefix === 'querystring' ? '' : prefix),
      );
      return reply
        .code(400)
        .send({ code: 'VALIDATION_FAILED', message: translate(locale, 'errors', 'VALIDATION_FAILED'), details: { fields } });
    }
    const status = error.statusCode ?? 500;
    if (status === 413)
      return reply.code(413).send({ code: 'PAYLOAD_TOO_LARGE', message: translate(locale, 'errors', 'PAYLOAD_TOO_LARGE') });
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type and the like: the client's fault, never a 500.
      return reply
        .code(400)
        .send({ code: 'VALIDATION_FAILED', message: translate(locale, 'errors', 'VALIDATION_FAILED'), details: { reason: error.message } });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ code: 'INTERNAL', message: translate(locale, 'errors', 'INTERNAL') });
  });
}
