import { Alert } from 'antd';
import { errorText } from '../lib/error-text.ts';

/** The translated error of a failed submit, shown above the form. */
export function FormError({ error }: { error: unknown }) {
  if (!error) return null;
  return <Alert type="error" showIcon title={errorText(error)} style={{ marginBottom: 16 }} data-testid="form-error" />;
}
