import { render, screen, waitFor } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyView, usePrefetchWhenIdle } from '../../src/views/lazy-view';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

/** A chunk the test delivers (or fails) when it says so, counting how often it was asked for. */
function heldChunk() {
  const requests: Array<{ deliver: () => void; fail: () => void }> = [];
  const load = vi.fn(
    () =>
      new Promise<typeof Greeting>((resolve, reject) => {
        requests.push({ deliver: () => resolve(Greeting), fail: () => reject(new Error('chunk failed')) });
      }),
  );
  return { load, latest: () => requests.at(-1)! };
}

const renderLazy = (View: (props: { name: string }) => ReactNode) =>
  render(
    <Suspense fallback={<p role="status">Loading…</p>}>
      <View name="Ada" />
    </Suspense>,
  );

describe('a view whose code is a chunk of its own', () => {
  it('shows the fallback until its code is there, then the view', async () => {
    const chunk = heldChunk();
    const View = lazyView(chunk.load);
    renderLazy(View);

    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(screen.queryByText('Hello Ada')).toBeNull();
    await waitFor(() => expect(chunk.load).toHaveBeenCalledTimes(1));
    chunk.latest().deliver();
    expect(await screen.findByText('Hello Ada')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('renders at once, never showing the fallback, once preloaded; the chunk is fetched once', async () => {
    const chunk = heldChunk();
    const View = lazyView(chunk.load);
    const preloaded = View.preload();
    void View.preload();
    chunk.latest().deliver();
    await preloaded;
    renderLazy(View);

    expect(screen.getByText('Hello Ada')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(chunk.load).toHaveBeenCalledTimes(1);
  });

  it('asks for the chunk again after a failed fetch', async () => {
    const chunk = heldChunk();
    const View = lazyView(chunk.load);
    const failed = View.preload();
    chunk.latest().fail();
    await expect(failed).rejects.toThrow('chunk failed');

    const retried = View.preload();
    expect(chunk.load).toHaveBeenCalledTimes(2);
    chunk.latest().deliver();
    await retried;
    renderLazy(View);
    expect(screen.getByText('Hello Ada')).toBeTruthy();
  });

  it('is prefetched when the browser is idle by a screen that leads to it', async () => {
    const chunk = heldChunk();
    const View = lazyView(chunk.load);
    function Leading() {
      usePrefetchWhenIdle(View);
      return <p>List</p>;
    }
    render(<Leading />);

    expect(chunk.load).not.toHaveBeenCalled();
    await waitFor(() => expect(chunk.load).toHaveBeenCalledTimes(1), { timeout: 5000 });
  });
});
