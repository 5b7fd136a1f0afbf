import { lazy, Suspense } from 'react';

// antd's Alert loads with the first error shown: the sign-in page does not carry it (ADR 0053).
const FormErrorAlert = lazy(async () => ({ default: (await import('./form-error-alert.tsx')).FormErrorAlert }));

/** The translated error of a failed submit, shown above the form. */
export function FormError({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <Suspense fallback={null}>
      <FormErrorAlert error={error} />
    </Suspense>
  );
}
