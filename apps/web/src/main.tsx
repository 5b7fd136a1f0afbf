import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { i18nReady } from './lib/i18n.ts';
import { Providers } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { startSessionWatch } from './lib/auth-session.ts';

const router = createAppRouter();
startSessionWatch();

const container = document.getElementById('root');
// The core texts of the language in use load first (one chunk); a failed load still renders, with the keys showing.
if (container) {
  const render = () =>
    createRoot(container).render(
      <StrictMode>
        <Providers>
          {/* A namespace of texts still loading (lib/i18n.ts) suspends the first render until it is there. */}
          <Suspense fallback={null}>
            <RouterProvider router={router} />
          </Suspense>
        </Providers>
      </StrictMode>,
    );
  void i18nReady.then(render, render);
}
