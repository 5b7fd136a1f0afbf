import { Alert } from 'antd';
import { errorText } from '../lib/error-text.ts';

/** The alert of form-error.tsx, a chunk of its own. */
export function FormErrorAlert({ error }: { error: unknown }) {
  return <Alert type="error" showIcon title={errorText(error)} style={{ marginBottom: 16 }} data-testid="form-error" />;
}
