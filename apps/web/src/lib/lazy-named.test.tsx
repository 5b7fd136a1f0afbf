import { render, screen } from '@testing-library/react';
import { Component, Suspense, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyNamed } from './lazy-named.ts';

class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>{`gagal: ${this.state.error.name}`}</p> : this.props.children;
  }
}

const draw = (Screen: React.ComponentType<{ label: string }>) =>
  render(
    <Boundary>
      <Suspense fallback={<p>memuat</p>}>
        <Screen label="Layar" />
      </Suspense>
    </Boundary>,
  );

describe('a lazily loaded component', () => {
  afterEach(() => vi.useRealTimers());

  it('shows a failed load as an error, then asks for its chunk again when drawn a second or more later', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi
      .fn<() => Promise<{ Screen: React.ComponentType<{ label: string }> }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ Screen: ({ label }) => <p>{label}</p> });
    const Screen = lazyNamed(load, 'Screen');

    const first = draw(Screen);
    expect(await screen.findByText('gagal: ChunkLoadError')).toBeTruthy();
    first.unmount();
    // Drawn again at once (React's own retry of a failed render is such a draw): the same error, no new request.
    const again = draw(Screen);
    expect(await screen.findByText('gagal: ChunkLoadError')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
    again.unmount();

    vi.setSystemTime(Date.now() + 1_000);
    draw(Screen);
    expect(await screen.findByText('Layar')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
