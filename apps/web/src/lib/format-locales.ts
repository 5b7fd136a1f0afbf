import type { Locale } from 'antd/es/locale';

/** A format locale offered in account settings: one per Ant Design locale (antd/locale), with its dayjs locale. */
export type FormatLocale = {
  /** BCP 47 code stored in me.settings.locale (`id-ID`, `en-US`, `ms-MY` …). */
  code: string;
  /** dayjs locale name. */
  dayjs: string;
  /** Loaded on demand, so only the chosen locale is downloaded (the entry bundle keeps id and en only). */
  antd: () => Promise<{ default: Locale }>;
  dayjsFile: (() => Promise<unknown>) | null;
};

// Generated from the antd/locale folder; by_BY is Belarusian (be-BY). dayjs's id locale is loaded up front (lib/format.ts).
// id-ID and en-US are the ES modules providers.tsx imports (the same modules, so in the first chunk once); the others
// stay on antd/locale (CommonJS), whose files share nothing with the screens' ES date pickers and paginations, so
// a screen never loads a locale chunk of its own for their default texts (ADR 0053).
export const FORMAT_LOCALES: readonly FormatLocale[] = [
  { code: 'ar-EG', dayjs: 'ar', antd: () => import('antd/locale/ar_EG'), dayjsFile: () => import('dayjs/locale/ar') },
  { code: 'az-AZ', dayjs: 'az', antd: () => import('antd/locale/az_AZ'), dayjsFile: () => import('dayjs/locale/az') },
  { code: 'bg-BG', dayjs: 'bg', antd: () => import('antd/locale/bg_BG'), dayjsFile: () => import('dayjs/locale/bg') },
  { code: 'bn-BD', dayjs: 'bn-bd', antd: () => import('antd/locale/bn_BD'), dayjsFile: () => import('dayjs/locale/bn-bd') },
  { code: 'be-BY', dayjs: 'be', antd: () => import('antd/locale/by_BY'), dayjsFile: () => import('dayjs/locale/be') },
  { code: 'ca-ES', dayjs: 'ca', antd: () => import('antd/locale/ca_ES'), dayjsFile: () => import('dayjs/locale/ca') },
  { code: 'cs-CZ', dayjs: 'cs', antd: () => import('antd/locale/cs_CZ'), dayjsFile: () => import('dayjs/locale/cs') },
  { code: 'da-DK', dayjs: 'da', antd: () => import('antd/locale/da_DK'), dayjsFile: () => import('dayjs/locale/da') },
  { code: 'de-DE', dayjs: 'de', antd: () => import('antd/locale/de_DE'), dayjsFile: () => import('dayjs/locale/de') },
  { code: 'el-GR', dayjs: 'el', antd: () => import('antd/locale/el_GR'), dayjsFile: () => import('dayjs/locale/el') },
  { code: 'en-GB', dayjs: 'en-gb', antd: () => import('antd/locale/en_GB'), dayjsFile: () => import('dayjs/locale/en-gb') },
  { code: 'en-US', dayjs: 'en', antd: () => import('antd/es/locale/en_US'), dayjsFile: () => import('dayjs/locale/en') },
  { code: 'es-ES', dayjs: 'es', antd: () => import('antd/locale/es_ES'), dayjsFile: () => import('dayjs/locale/es') },
  { code: 'es-US', dayjs: 'es-us', antd: () => import('antd/locale/es_US'), dayjsFile: () => import('dayjs/locale/es-us') },
  { code: 'et-EE', dayjs: 'et', antd: () => import('antd/locale/et_EE'), dayjsFile: () => import('dayjs/locale/et') },
  { code: 'eu-ES', dayjs: 'eu', antd: () => import('antd/locale/eu_ES'), dayjsFile: () => import('dayjs/locale/eu') },
  { code: 'fa-IR', dayjs: 'fa', antd: () => import('antd/locale/fa_IR'), dayjsFile: () => import('dayjs/locale/fa') },
  { code: 'fi-FI', dayjs: 'fi', antd: () => import('antd/locale/fi_FI'), dayjsFile: () => import('dayjs/locale/fi') },
  { code: 'fr-BE', dayjs: 'fr', antd: () => import('antd/locale/fr_BE'), dayjsFile: () => import('dayjs/locale/fr') },
  { code: 'fr-CA', dayjs: 'fr-ca', antd: () => import('antd/locale/fr_CA'), dayjsFile: () => import('dayjs/locale/fr-ca') },
  { code: 'fr-FR', dayjs: 'fr', antd: () => import('antd/locale/fr_FR'), dayjsFile: () => import('dayjs/locale/fr') },
  { code: 'ga-IE', dayjs: 'ga', antd: () => import('antd/locale/ga_IE'), dayjsFile: () => import('dayjs/locale/ga') },
  { code: 'gl-ES', dayjs: 'gl', antd: () => import('antd/locale/gl_ES'), dayjsFile: () => import('dayjs/locale/gl') },
  { code: 'he-IL', dayjs: 'he', antd: () => import('antd/locale/he_IL'), dayjsFile: () => import('dayjs/locale/he') },
  { code: 'hi-IN', dayjs: 'hi', antd: () => import('antd/locale/hi_IN'), dayjsFile: () => import('dayjs/locale/hi') },
  { code: 'hr-HR', dayjs: 'hr', antd: () => import('antd/locale/hr_HR'), dayjsFile: () => import('dayjs/locale/hr') },
  { code: 'hu-HU', dayjs: 'hu', antd: () => import('antd/locale/hu_HU'), dayjsFile: () => import('dayjs/locale/hu') },
  { code: 'hy-AM', dayjs: 'hy-am', antd: () => import('antd/locale/hy_AM'), dayjsFile: () => import('dayjs/locale/hy-am') },
  { code: 'id-ID', dayjs: 'id', antd: () => import('antd/es/locale/id_ID'), dayjsFile: null },
  { code: 'is-IS', dayjs: 'is', antd: () => import('antd/locale/is_IS'), dayjsFile: () => import('dayjs/locale/is') },
  { code: 'it-IT', dayjs: 'it', antd: () => import('antd/locale/it_IT'), dayjsFile: () => import('dayjs/locale/it') },
  { code: 'ja-JP', dayjs: 'ja', antd: () => import('antd/locale/ja_JP'), dayjsFile: () => import('dayjs/locale/ja') },
  { code: 'ka-GE', dayjs: 'ka', antd: () => import('antd/locale/ka_GE'), dayjsFile: () => import('dayjs/locale/ka') },
  { code: 'kk-KZ', dayjs: 'kk', antd: () => import('antd/locale/kk_KZ'), dayjsFile: () => import('dayjs/locale/kk') },
  { code: 'km-KH', dayjs: 'km', antd: () => import('antd/locale/km_KH'), dayjsFile: () => import('dayjs/locale/km') },
  { code: 'kmr-IQ', dayjs: 'ku', antd: () => import('antd/locale/kmr_IQ'), dayjsFile: () => import('dayjs/locale/ku') },
  { code: 'kn-IN', dayjs: 'kn', antd: () => import('antd/locale/kn_IN'), dayjsFile: () => import('dayjs/locale/kn') },
  { code: 'ko-KR', dayjs: 'ko', antd: () => import('antd/locale/ko_KR'), dayjsFile: () => import('dayjs/locale/ko') },
  { code: 'ku-IQ', dayjs: 'ku', antd: () => import('antd/locale/ku_IQ'), dayjsFile: () => import('dayjs/locale/ku') },
  { code: 'lt-LT', dayjs: 'lt', antd: () => import('antd/locale/lt_LT'), dayjsFile: () => import('dayjs/locale/lt') },
  { code: 'lv-LV', dayjs: 'lv', antd: () => import('antd/locale/lv_LV'), dayjsFile: () => import('dayjs/locale/lv') },
  { code: 'mk-MK', dayjs: 'mk', antd: () => import('antd/locale/mk_MK'), dayjsFile: () => import('dayjs/locale/mk') },
  { code: 'ml-IN', dayjs: 'ml', antd: () => import('antd/locale/ml_IN'), dayjsFile: () => import('dayjs/locale/ml') },
  { code: 'mn-MN', dayjs: 'mn', antd: () => import('antd/locale/mn_MN'), dayjsFile: () => import('dayjs/locale/mn') },
  { code: 'mr-IN', dayjs: 'mr', antd: () => import('antd/locale/mr_IN'), dayjsFile: () => import('dayjs/locale/mr') },
  { code: 'ms-MY', dayjs: 'ms-my', antd: () => import('antd/locale/ms_MY'), dayjsFile: () => import('dayjs/locale/ms-my') },
  { code: 'my-MM', dayjs: 'my', antd: () => import('antd/locale/my_MM'), dayjsFile: () => import('dayjs/locale/my') },
  { code: 'nb-NO', dayjs: 'nb', antd: () => import('antd/locale/nb_NO'), dayjsFile: () => import('dayjs/locale/nb') },
  { code: 'ne-NP', dayjs: 'ne', antd: () => import('antd/locale/ne_NP'), dayjsFile: () => import('dayjs/locale/ne') },
  { code: 'nl-BE', dayjs: 'nl-be', antd: () => import('antd/locale/nl_BE'), dayjsFile: () => import('dayjs/locale/nl-be') },
  { code: 'nl-NL', dayjs: 'nl', antd: () => import('antd/locale/nl_NL'), dayjsFile: () => import('dayjs/locale/nl') },
  { code: 'pl-PL', dayjs: 'pl', antd: () => import('antd/locale/pl_PL'), dayjsFile: () => import('dayjs/locale/pl') },
  { code: 'pt-BR', dayjs: 'pt-br', antd: () => import('antd/locale/pt_BR'), dayjsFile: () => import('dayjs/locale/pt-br') },
  { code: 'pt-PT', dayjs: 'pt', antd: () => import('antd/locale/pt_PT'), dayjsFile: () => import('dayjs/locale/pt') },
  { code: 'ro-RO', dayjs: 'ro', antd: () => import('antd/locale/ro_RO'), dayjsFile: () => import('dayjs/locale/ro') },
  { code: 'ru-RU', dayjs: 'ru', antd: () => import('antd/locale/ru_RU'), dayjsFile: () => import('dayjs/locale/ru') },
  { code: 'si-LK', dayjs: 'si', antd: () => import('antd/locale/si_LK'), dayjsFile: () => import('dayjs/locale/si') },
  { code: 'sk-SK', dayjs: 'sk', antd: () => import('antd/locale/sk_SK'), dayjsFile: () => import('dayjs/locale/sk') },
  { code: 'sl-SI', dayjs: 'sl', antd: () => import('antd/locale/sl_SI'), dayjsFile: () => import('dayjs/locale/sl') },
  { code: 'sq-AL', dayjs: 'sq', antd: () => import('antd/locale/sq_AL'), dayjsFile: () => import('dayjs/locale/sq') },
  { code: 'sr-RS', dayjs: 'sr', antd: () => import('antd/locale/sr_RS'), dayjsFile: () => import('dayjs/locale/sr') },
  { code: 'sv-SE', dayjs: 'sv', antd: () => import('antd/locale/sv_SE'), dayjsFile: () => import('dayjs/locale/sv') },
  { code: 'ta-IN', dayjs: 'ta', antd: () => import('antd/locale/ta_IN'), dayjsFile: () => import('dayjs/locale/ta') },
  { code: 'th-TH', dayjs: 'th', antd: () => import('antd/locale/th_TH'), dayjsFile: () => import('dayjs/locale/th') },
  { code: 'tk-TK', dayjs: 'tk', antd: () => import('antd/locale/tk_TK'), dayjsFile: () => import('dayjs/locale/tk') },
  { code: 'tr-TR', dayjs: 'tr', antd: () => import('antd/locale/tr_TR'), dayjsFile: () => import('dayjs/locale/tr') },
  { code: 'uk-UA', dayjs: 'uk', antd: () => import('antd/locale/uk_UA'), dayjsFile: () => import('dayjs/locale/uk') },
  { code: 'ur-PK', dayjs: 'ur', antd: () => import('antd/locale/ur_PK'), dayjsFile: () => import('dayjs/locale/ur') },
  { code: 'uz-UZ', dayjs: 'uz', antd: () => import('antd/locale/uz_UZ'), dayjsFile: () => import('dayjs/locale/uz') },
  { code: 'vi-VN', dayjs: 'vi', antd: () => import('antd/locale/vi_VN'), dayjsFile: () => import('dayjs/locale/vi') },
  { code: 'zh-CN', dayjs: 'zh-cn', antd: () => import('antd/locale/zh_CN'), dayjsFile: () => import('dayjs/locale/zh-cn') },
  { code: 'zh-HK', dayjs: 'zh-hk', antd: () => import('antd/locale/zh_HK'), dayjsFile: () => import('dayjs/locale/zh-hk') },
  { code: 'zh-TW', dayjs: 'zh-tw', antd: () => import('antd/locale/zh_TW'), dayjsFile: () => import('dayjs/locale/zh-tw') },
];
