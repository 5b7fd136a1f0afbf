import { App, Card, Form, Radio, Select } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MENU_LAYOUTS, THEMES, type UserSettings } from '@kelola/contracts/me';
import { errorText } from '../../../lib/error-text.ts';
import { ownLocaleName, setFormatLocale, toFormatLocale } from '../../../lib/format.ts';
import { FORMAT_LOCALES } from '../../../lib/format-locales.ts';
import { changeLanguage, LANGUAGES, localeOf, toLanguage, type Language } from '../../../lib/i18n.ts';
import { setTheme } from '../../../lib/ui-settings.ts';
import { useUpdateSettings } from '../../../lib/me-queries.ts';

/** Applies the settings to the page at once: language (texts, antd and dayjs) and theme. */
function applySettings(settings: UserSettings): void {
  void changeLanguage(toLanguage(settings.locale));
  setFormatLocale(settings.locale);
  setTheme(settings.theme);
}

/** antd's locales, each labelled with its own name ("Deutsch (Deutschland)"), sorted by that name. */
function useFormatLocaleOptions() {
  return useMemo(
    () =>
      FORMAT_LOCALES.map(({ code }) => ({ value: code, label: `${ownLocaleName(code)} · ${code}` })).sort((a, b) =>
        a.label.localeCompare(b.label),
      ),
    [],
  );
}

/** Language, format locale, theme and menu layout: each choice is applied at once and saved to the user (PUT /api/me/settings). */
export function PreferencesCard({ settings: stored }: { settings: UserSettings }) {
  const { t, i18n } = useTranslation('account');
  const { message } = App.useApp();
  const save = useUpdateSettings();
  // The choice shows at once; the stored settings take over again once the user is reloaded.
  const [pending, setPending] = useState<UserSettings | null>(null);
  const settings = pending ?? stored;
  const language = toLanguage(settings.locale);
  const formatOptions = useFormatLocaleOptions();

  const choose = (change: Partial<UserSettings>) => {
    const next = { ...settings, ...change };
    setPending(next);
    applySettings(next);
    save.mutate(next, {
      onSuccess: () => {
        setPending(null);
        // In the language just chosen: this render's `t` still speaks the previous one.
        void message.success(i18n.getFixedT(toLanguage(next.locale), 'account')('preferences.saved'));
      },
      onError: (error) => {
        // The server kept the old settings: show them again, so the page says what is stored.
        setPending(null);
        applySettings(stored);
        void message.error(errorText(error));
      },
    });
  };

  return (
    <Card title={t('preferences.title')} data-testid="preferences-card">
      <Form layout="vertical" disabled={save.isPending} name="preferences">
        <Form.Item label={t('preferences.language')} extra={t('preferences.languageHint')}>
          <Radio.Group
            value={language}
            optionType="button"
            onChange={(event) => choose({ locale: localeOf(event.target.value as Language) })}
            options={LANGUAGES.map((value) => ({ value, label: t(`preferences.languages.${value}`) }))}
            data-testid="language-choice"
          />
        </Form.Item>
        <Form.Item label={t('preferences.formatLocale')} extra={t('preferences.formatLocaleHint')}>
          <Select
            showSearch
            optionFilterProp="label"
            value={toFormatLocale(settings.locale) ?? localeOf(language)}
            onChange={(value: string) => choose({ locale: value })}
            options={formatOptions}
            style={{ maxWidth: 360 }}
            aria-label={t('preferences.formatLocale')}
            data-testid="format-locale-choice"
          />
        </Form.Item>
        <Form.Item label={t('preferences.theme')}>
          <Radio.Group
            value={settings.theme}
            optionType="button"
            onChange={(event) => choose({ theme: event.target.value as UserSettings['theme'] })}
            options={THEMES.map((value) => ({ value, label: t(`preferences.themes.${value}`) }))}
            data-testid="theme-choice"
          />
        </Form.Item>
        <Form.Item label={t('preferences.menuLayout')} extra={t('preferences.menuLayoutHint')}>
          <Radio.Group
            value={settings.menu_layout}
            optionType="button"
            onChange={(event) => choose({ menu_layout: event.target.value as UserSettings['menu_layout'] })}
            options={MENU_LAYOUTS.map((value) => ({ value, label: t(`preferences.menuLayouts.${value}`) }))}
            data-testid="menu-layout-choice"
          />
        </Form.Item>
      </Form>
    </Card>
  );
}
