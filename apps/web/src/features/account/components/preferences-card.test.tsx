import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentFormatLocale, formatDateTime, ownLocaleName, setFormatLocale } from '../../../lib/format.ts';
import { FORMAT_LOCALES } from '../../../lib/format-locales.ts';
import { changeLanguage, currentLanguage } from '../../../lib/i18n.ts';
import { ME } from '../../../test/fixtures.ts';
import { mockApi, renderScreen } from '../../../test/render-screen.tsx';
import { PreferencesCard } from './preferences-card.tsx';

describe('PreferencesCard format locale', { timeout: 20_000 }, () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    setFormatLocale(null);
    await changeLanguage('id');
  });

  it("offers antd's locales under their own names and saves the choice as settings.locale", async () => {
    const calls = mockApi({ 'PUT /api/me/settings': (call) => ({ body: call.body }) });
    renderScreen(<PreferencesCard settings={ME.settings} />, '/account-setting');
    expect(FORMAT_LOCALES.length).toBeGreaterThan(60);
    expect(ownLocaleName('de-DE')).toBe('Deutsch (Deutschland)');

    const box = screen.getByRole('combobox', { name: 'Format tanggal dan angka' });
    fireEvent.mouseDown(box);
    fireEvent.change(box, { target: { value: 'ms-MY' } });
    fireEvent.click(await screen.findByTitle(`${ownLocaleName('ms-MY')} · ms-MY`));

    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ ...ME.settings, locale: 'ms-MY' }));
    // Dates and numbers follow the format locale; interface texts stay Indonesian.
    expect(currentFormatLocale()).toBe('ms-MY');
    expect(currentLanguage()).toBe('id');
    expect(formatDateTime('2026-03-05T03:00:00Z', false)).toBe(
      new Intl.DateTimeFormat('ms-MY', { timeZone: 'Asia/Jakarta', dateStyle: 'medium' }).format(new Date('2026-03-05T03:00:00Z')),
    );
    expect(screen.getByText('Bahasa Indonesia')).toBeTruthy();
  });

  it('confirms a language change in the language just chosen', async () => {
    mockApi({ 'PUT /api/me/settings': (call) => ({ body: call.body }) });
    renderScreen(<PreferencesCard settings={ME.settings} />, '/account-setting');
    fireEvent.click(screen.getByText('English'));
    expect(await screen.findByText('Settings saved')).toBeTruthy();
    expect(screen.queryByText('Pengaturan disimpan')).toBeNull();
    expect(currentLanguage()).toBe('en');
  });
});
