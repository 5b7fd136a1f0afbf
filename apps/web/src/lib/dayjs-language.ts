import dayjs from 'dayjs';
import 'dayjs/locale/id';
import { provideDayjsLocale } from './format.ts';

/**
 * dayjs with its Indonesian locale, following the interface language or the chosen format locale (lib/format.ts).
 * Imported for its effect by the signed-in layout and by every module that draws or computes dates (antd's date
 * pickers read dayjs's locale), so the first chunk and the sign-in page do without dayjs (ADR 0063).
 */
provideDayjsLocale((name) => dayjs.locale(name));
