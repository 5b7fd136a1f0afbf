import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { i18nReady } from './lib/i18n.ts';
import { Providers } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { startSessionWatch } from './lib/auth-session.ts';

const router = createAppRouter();
startSessionWatch();

const container = document.getElementById('root');
// The language in use loads first (one chunk of texts); a failed load still renders, with the keys showing.
if (container) {
  const render = () =>
    createRoot(container).render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    );
  void i18nReady.then(render, render);
}
