import i18next, { type Resource, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = ['id', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'id';
const LANGUAGE_KEY = 'kelola.language';

type Texts = Record<string, unknown>;
type Files = Record<string, Texts>;
type LazyFiles = Record<string, () => Promise<Texts>>;

// The texts load per namespace in the language in use (ADR 0044, 0048: a first screen carries only the language in use
// and the namespaces it shows). The tests read both languages at once.
const TEST = import.meta.env.MODE === 'test';
const eagerFiles: Files = TEST
  ? {
      ...import.meta.glob<Texts>('../locales/*/*.json', { eager: true, import: 'default' }),
      ...import.meta.glob<Texts>('../../../../packages/contracts/locales/*/{errors,validation,menu}.json', {
        eager: true,
        import: 'default',
      }),
    }
  : {};
const lazyFiles: LazyFiles = TEST
  ? {}
  : {
      ...import.meta.glob<Texts>('../locales/*/*.json', { import: 'default' }),
      ...import.meta.glob<Texts>('../../../../packages/contracts/locales/*/{errors,validation,menu}.json', { import: 'default' }),
    };

/** `(language, namespace)` of a locale file path: src/locales/<language>/<ns>.json or the contracts' locales. */
function fileKey(file: string): [Language, string] | null {
  const match = /\/locales\/([a-z]+)\/([a-z0-9-]+)\.json$/u.exec(file);
  if (!match || !(LANGUAGES as readonly string[]).includes(match[1] ?? '')) return null;
  return [match[1] as Language, match[2] as string];
}

/** Feature namespaces from src/locales plus the shared errors, validation and menu namespaces of the contracts (tests). */
export function buildResources(): Resource {
  const resources: Record<Language, ResourceLanguage> = { id: {}, en: {} };
  for (const [file, content] of Object.entries(eagerFiles)) {
    const key = fileKey(file);
    if (key) resources[key[0]][key[1]] = content;
  }
  return resources;
}

/**
 * The namespaces every screen draws with (the app's name and common texts, page titles): one chunk per language, loaded
 * before the first render (vite.config.ts groups them). Every other namespace is its own chunk, loaded when a component
 * first asks for it (`useTranslation('orders')` suspends until then), in the language in use only (ADR 0048).
 */
export const CORE_NAMESPACES = ['common', 'routes'] as const;

/**
 * The namespaces of checks and failures (field rules, error texts) and the signed-in shell's own: one chunk per
 * language, loaded by `loadLaterTexts` before any screen but the sign-in page is drawn (its loader waits for them),
 * and on the sign-in page at the first input, before a field is checked (ADR 0064). Code that reads them (`i18n.t`,
 * `errorText`) runs after that.
 */
export const LATER_NAMESPACES = ['validation', 'errors', 'shell'] as const;

/**
 * Namespaces a namespace's components read with a prefix (`t('orders:status.x')` in a fulfillment screen): loaded with
 * it, since `useTranslation` only waits for the namespaces it names. i18n.test.ts finds every such prefix in the code.
 */
export const NAMESPACE_NEEDS: Record<string, readonly string[]> = {
  fulfillment: ['orders'],
  catalog: ['publish'],
  users: ['menu'],
};

/** One namespace of one language from its chunk. */
function loadTexts(language: string, namespace: string): Promise<Texts> {
  const entry = Object.entries(lazyFiles).find(([file]) => {
    const key = fileKey(file);
    return key?.[0] === language && key[1] === namespace;
  });
  return entry ? entry[1]() : Promise.reject(new Error(`no texts ${language}/${namespace}`));
}

/** i18next's loader: a namespace and the namespaces it needs (added alongside), in the language asked for. */
const lazyTexts = {
  type: 'backend' as const,
  init: () => undefined,
  read(language: string, namespace: string, callback: (error: unknown, data: Texts | boolean) => void) {
    const needs = NAMESPACE_NEEDS[namespace] ?? [];
    void Promise.all([
      loadTexts(language, namespace),
      ...needs.map(async (need) => {
        if (!i18next.hasResourceBundle(language, need))
          i18next.addResourceBundle(language, need, await loadTexts(language, need), true, true);
      }),
    ]).then(
      ([texts]) => callback(null, texts),
      (error: unknown) => callback(error, false),
    );
  },
};

export function toLanguage(value: string | null | undefined): Language {
  const short = (value ?? '').slice(0, 2).toLowerCase();
  return (LANGUAGES as readonly string[]).includes(short) ? (short as Language) : DEFAULT_LANGUAGE;
}

function storedLanguage(): Language {
  try {
    return toLanguage(globalThis.localStorage?.getItem(LANGUAGE_KEY));
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

const resources = buildResources();
const namespaces = [...new Set(Object.keys(eagerFiles).map((file) => fileKey(file)?.[1] ?? 'common'))];
const startLanguage = storedLanguage();

const instance = TEST ? i18next.use(initReactI18next) : i18next.use(lazyTexts).use(initReactI18next);
const ready = instance.init({
  // Tests: every text at once. The app: the core namespaces of the language in use, the rest on demand.
  ...(TEST ? { resources, ns: namespaces, initAsync: false } : { ns: [...CORE_NAMESPACES], partialBundledLanguages: true }),
  lng: startLanguage,
  // Both languages have every key (i18n.test.ts); in the app a fallback would load the other language's texts too.
  fallbackLng: TEST ? DEFAULT_LANGUAGE : false,
  supportedLngs: [...LANGUAGES],
  load: 'languageOnly',
  defaultNS: 'common',
  interpolation: { escapeValue: false },
});

/** Resolves once the language in use has its core texts (main.tsx renders after it; a failed load renders too). */
export const i18nReady: Promise<void> = TEST ? Promise.resolve() : ready.then(() => undefined);

let later: Promise<void> | null = null;
/**
 * Loads the later namespaces (`LATER_NAMESPACES`) in the language in use, once; i18next then keeps them in use, so a
 * language switch loads them in the new language before it switches. A failed load is tried again at the next call
 * (meanwhile the texts show their keys, as a failed core load does).
 */
export function loadLaterTexts(): Promise<void> {
  if (TEST) return Promise.resolve();
  later ??= ready
    .then(() => i18next.loadNamespaces([...LATER_NAMESPACES]))
    .then(
      () => {
        if (!LATER_NAMESPACES.every((ns) => i18next.hasResourceBundle(currentLanguage(), ns))) later = null;
      },
      () => {
        later = null;
      },
    );
  return later;
}

/** A loader that also waits for the later texts: the screens and layouts other than the sign-in page (ADR 0064). */
export const withLaterTexts =
  <T>(load: () => Promise<T>): (() => Promise<T>) =>
  async () =>
    (await Promise.all([load(), loadLaterTexts()]))[0];

export const i18n = i18next;

export function currentLanguage(): Language {
  return toLanguage(i18next.resolvedLanguage ?? i18next.language);
}

export async function changeLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Storage may be unavailable (private mode); the choice then lasts for this page only.
  }
  // Loads the namespaces in use in that language first (the i18next loader), then switches.
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
}

/** The settings locale of a language (me.settings.locale uses id-ID and en-US). */
export function localeOf(language: Language): string {
  return language === 'en' ? 'en-US' : 'id-ID';
}
