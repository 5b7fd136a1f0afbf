import { Outlet } from 'react-router';

/** Printable pages and self-registration: no shell. */
export function FullLayout() {
  return (
    <main style={{ minHeight: '100vh', background: '#fff' }}>
      <Outlet />
    </main>
  );
}
