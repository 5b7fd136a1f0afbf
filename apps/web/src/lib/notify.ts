import { isApiError } from './api-error.ts';
import { i18n } from './i18n.ts';

/** The part of antd's notification API the helper uses; the live instance comes from `<App>` (see NotificationBridge). */
export type Notifier = {
  error: (config: { key?: string; title: string; description?: string }) => void;
  success: (config: { key?: string; title: string; description?: string }) => void;
};

let notifier: Notifier | null = null;
/** Notices given before an instance was connected (its chunk loads on demand, ADR 0048), shown once it is. */
let pending: { kind: keyof Notifier; config: Parameters<Notifier['error']>[0] }[] = [];
let wanted: (() => void) | null = null;

/** Called when a notice waits for an instance (app/app-services.tsx then loads it). */
export function setNotifierWanted(next: (() => void) | null): void {
  wanted = next;
}

function show(kind: keyof Notifier, config: Parameters<Notifier['error']>[0]): void {
  if (notifier) {
    notifier[kind](config);
    return;
  }
  if (!wanted) return;
  pending.push({ kind, config });
  wanted();
}

/** Connects the helper to the page's antd notification instance; returns the disconnect function. */
export function setNotifier(next: Notifier | null): () => void {
  notifier = next;
  if (next) for (const notice of pending.splice(0)) next[notice.kind](notice.config);
  else pending = [];
  return () => {
    if (notifier === next) notifier = null;
  };
}

function stringField(body: unknown, key: string): string | null {
  if (typeof body !== 'object' || body === null || !(key in body)) return null;
  const value = (body as Record<string, unknown>)[key];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

export type HttpErrorNotice = { title: string; description: string | undefined };

/**
 * The notice of a failed HTTP call (spec part 8): the title is the status, or the message when there is
 * no status; the description comes from the custom error, else the server error, else the message, else
 * the status text. A translated text for the error code counts as the custom error.
 */
export function httpErrorNotice(error: unknown): HttpErrorNotice {
  if (isApiError(error)) {
    const custom = i18n.exists(`errors:${error.code}`) ? i18n.t(`errors:${error.code}`, { ...error.details }) : null;
    const serverError = stringField(error.details, 'error');
    const message = error.message.trim() !== '' ? error.message : null;
    const statusText = error.status === 0 ? i18n.t('common:networkError') : (stringField(error.details, 'statusText') ?? null);
    const title = error.status > 0 ? String(error.status) : (message ?? i18n.t('common:errors.title'));
    const description = custom ?? serverError ?? message ?? statusText ?? undefined;
    return { title, description: description === title ? undefined : description };
  }
  const message = error instanceof Error && error.message ? error.message : i18n.t('common:errors.somethingWrong');
  return { title: message, description: undefined };
}

/** Shows the error notice of a failed call; one notice per status and code at a time. */
export function notifyHttpError(error: unknown): void {
  const notice = httpErrorNotice(error);
  const key = isApiError(error) ? `http:${error.status}:${error.code}` : undefined;
  show('error', { key, title: notice.title, description: notice.description });
}

export function notifySuccess(title: string, description?: string): void {
  show('success', { title, description });
}
