import i18next, { type Resource, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = ['id', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'id';
const LANGUAGE_KEY = 'kelola.language';

type Texts = Record<string, unknown>;
type Files = Record<string, Texts>;
type LazyFiles = Record<string, () => Promise<Texts>>;

// The texts of one language load as one chunk when that language is used (ADR 0044: a first screen carries only the
// language in use; vite.config.ts groups each language's files). The tests read both languages at once.
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

const loaded = new Map<Language, Promise<void>>();

/** Loads a language's texts once (every namespace of it, one chunk) into i18next. */
export function loadLanguage(language: Language): Promise<void> {
  const known = loaded.get(language);
  if (known) return known;
  const files = Object.entries(lazyFiles).filter(([file]) => fileKey(file)?.[0] === language);
  const loading = Promise.all(
    files.map(async ([file, load]) => {
      const texts = await load();
      i18next.addResourceBundle(language, fileKey(file)?.[1] ?? '', texts, true, true);
    }),
  ).then(
    () => undefined,
    (error: unknown) => {
      loaded.delete(language);
      throw error;
    },
  );
  loaded.set(language, loading);
  return loading;
}

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
const namespaces = [...new Set(Object.keys(TEST ? eagerFiles : lazyFiles).map((file) => fileKey(file)?.[1] ?? 'common'))];
const startLanguage = storedLanguage();

void i18next.use(initReactI18next).init({
  resources,
  // Without this, i18next would not show the texts added later by loadLanguage.
  partialBundledLanguages: true,
  lng: startLanguage,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: namespaces,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** Resolves once the language in use has its texts (main.tsx renders after it). */
export const i18nReady: Promise<void> = TEST ? Promise.resolve() : loadLanguage(startLanguage);

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
  if (!TEST) await loadLanguage(language);
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
}

/** The settings locale of a language (me.settings.locale uses id-ID and en-US). */
export function localeOf(language: Language): string {
  return language === 'en' ? 'en-US' : 'id-ID';
}
