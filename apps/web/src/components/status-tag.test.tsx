import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../lib/i18n.ts';
import { StatusTag } from './status-tag.tsx';

describe('StatusTag', () => {
  it('shows a translated label with the tone of the status', () => {
    const { container } = render(<StatusTag status="CONNECTED" />);
    const tag = container.querySelector('[data-status="CONNECTED"]');
    expect(tag?.textContent).toBe('Terhubung');
    expect(tag?.className).toContain('success');
    expect(render(<StatusTag status="DISCONNECTED" />).container.querySelector('.ant-tag')?.className).toContain('error');
  });

  it('shows an unknown status as it is, and takes a label and tone override', () => {
    expect(render(<StatusTag status="ON_HOLD" />).container.textContent).toBe('ON_HOLD');
    const { container } = render(<StatusTag status="ACTIVE" label="Dijual" tone="processing" />);
    expect(container.textContent).toBe('Dijual');
    expect(container.querySelector('.ant-tag')?.className).toContain('processing');
  });
});
