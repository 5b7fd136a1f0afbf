import { ConfigProvider } from 'antd';
import AppContext, { type useAppProps } from 'antd/es/app/context';
import useAppStyle from 'antd/es/app/style';
import { lazy, Suspense, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { setNotifierWanted } from '../lib/notify.ts';

/**
 * antd's `<App>` without its weight on the first screen (ADR 0048): the same root element and style, the same
 * `App.useApp()` context, but message, notification and modal (their holders, antd's dialog and motion code) load
 * as a chunk of their own when first wanted: when a signed-in or full-page layout mounts (`useAppServices`), when
 * lib/notify has a notice to show, or when a screen calls one of them before the chunk is there (the call waits for it).
 */
type Api = useAppProps;
type Call = (api: Api) => void;

let wanted = false;
const listeners = new Set<() => void>();
const waiting: Call[] = [];
/**
 * The holders' API once loaded. A screen that rendered before may still hold the pending API in a closure (a
 * confirm's `onOk` that opens another dialog): its calls go straight through, or they would wait for ever.
 */
let ready: Api | null = null;

/** Asks for the holders' chunk (once). */
export function requestAppServices(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

const FIRST_INPUT = ['pointerdown', 'keydown'] as const;

/**
 * Layouts whose screens use `App.useApp()` load the holders at the first press of a pointer or key on them (a click
 * that saves, deletes or confirms starts with one), so the holders are there by the time its answer is, without
 * weighing on the screen's first load (ADR 0053). A call made before that (a failed query's notice) loads them too.
 */
export function useAppServices(): void {
  useEffect(() => {
    if (wanted) return undefined;
    const stop = () => {
      for (const type of FIRST_INPUT) window.removeEventListener(type, request, true);
    };
    const request = () => {
      stop();
      requestAppServices();
    };
    for (const type of FIRST_INPUT) window.addEventListener(type, request, { capture: true, passive: true });
    return stop;
  }, []);
}

function useWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
  );
}

/** The API screens get until the holders have loaded: each call is kept and made once they are there. */
function pendingApi(): Api {
  const later =
    (part: keyof Api) =>
    (method: string) =>
    (...args: unknown[]) => {
      if (ready) return (ready[part] as unknown as Record<string, (...a: unknown[]) => unknown>)[method]?.(...args);
      let handle: { destroy?: () => void; update?: (config: unknown) => void } | undefined;
      let destroyed = false;
      waiting.push((api) => {
        const target = api[part] as unknown as Record<string, (...a: unknown[]) => unknown>;
        handle = target[method]?.(...args) as typeof handle;
        if (destroyed) handle?.destroy?.();
      });
      requestAppServices();
      // What a modal call answers (destroy, update) and what a message call answers (a close function).
      const close = () => {
        destroyed = true;
        handle?.destroy?.();
      };
      return Object.assign(close, {
        destroy: close,
        update: (config: unknown) => handle?.update?.(config),
        then: () => Promise.resolve(false),
      });
    };
  const part = (name: keyof Api, methods: string[]) => Object.fromEntries(methods.map((method) => [method, later(name)(method)]));
  return {
    message: part('message', ['open', 'success', 'info', 'warning', 'error', 'loading', 'destroy']),
    notification: part('notification', ['open', 'success', 'info', 'warning', 'error', 'destroy']),
    modal: part('modal', ['info', 'success', 'error', 'warning', 'confirm']),
  } as unknown as Api;
}

const Holders = lazy(async () => ({ default: (await import('./app-holders.tsx')).AppHolders }));

/** Drop-in for antd's `<App>` in the providers. */
export function AppServices({ children }: { children: ReactNode }) {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const prefixCls = getPrefixCls('app');
  const [hashId, cssVarCls] = useAppStyle(prefixCls);
  const isWanted = useWanted();
  const pending = useMemo(pendingApi, []);
  const [api, setApi] = useState<Api | null>(null);
  useEffect(() => setNotifierWanted(requestAppServices), []);
  useEffect(() => {
    if (!api) return;
    ready = api;
    for (const call of waiting.splice(0)) call(api);
    return () => {
      if (ready === api) ready = null;
    };
  }, [api]);
  return (
    <AppContext.Provider value={api ?? pending}>
      <div className={[hashId, prefixCls, cssVarCls].filter(Boolean).join(' ')}>
        {isWanted && (
          <Suspense fallback={null}>
            <Holders onReady={setApi} />
          </Suspense>
        )}
        {children}
      </div>
    </AppContext.Provider>
  );
}
