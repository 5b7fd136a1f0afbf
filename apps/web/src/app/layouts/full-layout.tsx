import { Outlet } from 'react-router';
import { useAppServices } from '../app-services.tsx';

/** Printable pages and self-registration: no shell. */
export function FullLayout() {
  // Self-registration and the printable pages use App.useApp() (app-services.tsx).
  useAppServices();
  return (
    <main style={{ minHeight: '100vh', background: '#fff' }}>
      <Outlet />
    </main>
  );
}
