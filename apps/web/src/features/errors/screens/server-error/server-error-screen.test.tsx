import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../../lib/i18n.ts';
import { renderWithRouter } from '../../../../test/render-with-router.tsx';
import { ServerErrorScreen } from './server-error-screen.tsx';

describe('/auth/500', () => {
  afterEach(() => changeLanguage('id'));

  it('speaks Indonesian in title and body', async () => {
    renderWithRouter(<ServerErrorScreen />, { path: '/auth/500' });
    expect(await screen.findByText('Ada yang salah')).toBeTruthy();
    expect(screen.getByText('Sistem sedang sibuk, silakan coba lagi nanti atau hubungi administrator!')).toBeTruthy();
  });

  it('speaks English in title and body', async () => {
    await changeLanguage('en');
    renderWithRouter(<ServerErrorScreen />, { path: '/auth/500' });
    expect(await screen.findByText('Something went wrong')).toBeTruthy();
    expect(screen.getByText('System seems to be busy, please try again later or contact administrator!')).toBeTruthy();
  });
});
