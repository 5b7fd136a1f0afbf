import i18next, { type Resource, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import errorsEn from '@contracts-locales/en/errors.json';
import errorsId from '@contracts-locales/id/errors.json';
import menuEn from '@contracts-locales/en/menu.json';
import menuId from '@contracts-locales/id/menu.json';
import validationEn from '@contracts-locales/en/validation.json';
import validationId from '@contracts-locales/id/validation.json';

export const LANGUAGES = ['id', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'id';
const LANGUAGE_KEY = 'kelola.language';

const featureFiles = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { eager: true, import: 'default' });

/** Feature namespaces from src/locales plus the shared errors, validation and menu namespaces of the contracts. */
export function buildResources(): Resource {
  const resources: Record<Language, ResourceLanguage> = {
    id: { errors: errorsId, validation: validationId, menu: menuId },
    en: { errors: errorsEn, validation: validationEn, menu: menuEn },
  };
  for (const [file, content] of Object.entries(featureFiles)) {
    const match = /\/locales\/([a-z]+)\/([a-z0-9-]+)\.json$/u.exec(file);
    if (!match) continue;
    const [, language, namespace] = match as unknown as [string, Language, string];
    if (resources[language]) resources[language][namespace] = content;
  }
  return resources;
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

void i18next.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: Object.keys(resources[DEFAULT_LANGUAGE] ?? {}),
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  initAsync: false,
});

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
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
}

/** The settings locale of a language (me.settings.locale uses id-ID and en-US). */
export function localeOf(language: Language): string {
  return language === 'en' ? 'en-US' : 'id-ID';
}
