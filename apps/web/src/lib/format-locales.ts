import type { Locale } from 'antd/es/locale';

/** A format locale offered in account settings: one per Ant Design locale (antd/locale), with its dayjs locale. */
export type FormatLocale = {
  /** BCP 47 code stored in me.settings.locale (`id-ID`, `en-US`, `ms-MY` …). */
  code: string;
  /** dayjs locale name. */
  dayjs: string;
};

/** A format locale's files: loaded on demand, so only the chosen locale is downloaded. */
export type FormatLocaleFiles = {
  antd: () => Promise<{ default: Locale }>;
  dayjsFile: (() => Promise<unknown>) | null;
};

// Generated from the antd/locale folder; by_BY is Belarusian (be-BY). The loaders of their files are in
// format-locale-files.ts, a chunk of its own loaded when a locale other than the interface's is chosen: as a list of
// dynamic imports in the first chunk they weighed about 5 KB gzipped (ADR 0058).
export const FORMAT_LOCALES: readonly FormatLocale[] = (
  [
    ['ar-EG', 'ar'],
    ['az-AZ', 'az'],
    ['bg-BG', 'bg'],
    ['bn-BD', 'bn-bd'],
    ['be-BY', 'be'],
    ['ca-ES', 'ca'],
    ['cs-CZ', 'cs'],
    ['da-DK', 'da'],
    ['de-DE', 'de'],
    ['el-GR', 'el'],
    ['en-GB', 'en-gb'],
    ['en-US', 'en'],
    ['es-ES', 'es'],
    ['es-US', 'es-us'],
    ['et-EE', 'et'],
    ['eu-ES', 'eu'],
    ['fa-IR', 'fa'],
    ['fi-FI', 'fi'],
    ['fr-BE', 'fr'],
    ['fr-CA', 'fr-ca'],
    ['fr-FR', 'fr'],
    ['ga-IE', 'ga'],
    ['gl-ES', 'gl'],
    ['he-IL', 'he'],
    ['hi-IN', 'hi'],
    ['hr-HR', 'hr'],
    ['hu-HU', 'hu'],
    ['hy-AM', 'hy-am'],
    ['id-ID', 'id'],
    ['is-IS', 'is'],
    ['it-IT', 'it'],
    ['ja-JP', 'ja'],
    ['ka-GE', 'ka'],
    ['kk-KZ', 'kk'],
    ['km-KH', 'km'],
    ['kmr-IQ', 'ku'],
    ['kn-IN', 'kn'],
    ['ko-KR', 'ko'],
    ['ku-IQ', 'ku'],
    ['lt-LT', 'lt'],
    ['lv-LV', 'lv'],
    ['mk-MK', 'mk'],
    ['ml-IN', 'ml'],
    ['mn-MN', 'mn'],
    ['mr-IN', 'mr'],
    ['ms-MY', 'ms-my'],
    ['my-MM', 'my'],
    ['nb-NO', 'nb'],
    ['ne-NP', 'ne'],
    ['nl-BE', 'nl-be'],
    ['nl-NL', 'nl'],
    ['pl-PL', 'pl'],
    ['pt-BR', 'pt-br'],
    ['pt-PT', 'pt'],
    ['ro-RO', 'ro'],
    ['ru-RU', 'ru'],
    ['si-LK', 'si'],
    ['sk-SK', 'sk'],
    ['sl-SI', 'sl'],
    ['sq-AL', 'sq'],
    ['sr-RS', 'sr'],
    ['sv-SE', 'sv'],
    ['ta-IN', 'ta'],
    ['th-TH', 'th'],
    ['tk-TK', 'tk'],
    ['tr-TR', 'tr'],
    ['uk-UA', 'uk'],
    ['ur-PK', 'ur'],
    ['uz-UZ', 'uz'],
    ['vi-VN', 'vi'],
    ['zh-CN', 'zh-cn'],
    ['zh-HK', 'zh-hk'],
    ['zh-TW', 'zh-tw'],
  ] as const
).map(([code, dayjs]) => ({ code, dayjs }));

/** The loaders of a format locale's antd and dayjs files (null for an unknown code). */
export async function formatLocaleFiles(code: string): Promise<FormatLocaleFiles | null> {
  const { FORMAT_LOCALE_FILES } = await import('./format-locale-files.ts');
  return FORMAT_LOCALE_FILES[code] ?? null;
}
