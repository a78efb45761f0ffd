// A screen's code that fails to load offline waits for the network instead of failing the screen.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { codeOnNetwork, importWhenOnline } from '../../src/router/code-on-network.ts';

const offline = (value: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!value);
const fetchFailure = () => new TypeError('Failed to fetch dynamically imported module: /assets/History.js');

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('importWhenOnline', () => {
  it('offline, waits for the network as long as it takes and then loads', async () => {
    offline(true);
    const load = vi.fn().mockRejectedValueOnce(fetchFailure()).mockRejectedValueOnce(fetchFailure()).mockResolvedValue('History');
    const loaded = importWhenOnline(load);
    await vi.waitFor(() => expect(codeOnNetwork.waiting).toBe(1));
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    expect(codeOnNetwork.waiting).toBe(1);
    offline(false);
    window.dispatchEvent(new Event('online'));
    await expect(loaded).resolves.toBe('History');
    expect(load).toHaveBeenCalledTimes(3);
    expect(codeOnNetwork.waiting).toBe(0);
  });

  it('online, tries three times and then fails for real (a chunk a deployment removed)', async () => {
    vi.useFakeTimers();
    offline(false);
    const load = vi.fn().mockRejectedValue(fetchFailure());
    const loaded = importWhenOnline(load);
    const outcome = loaded.then(
      () => 'loaded',
      (err: Error) => err.message,
    );
    await vi.advanceTimersByTimeAsync(5000);
    await expect(outcome).resolves.toMatch(/^Failed to fetch dynamically imported module/);
    expect(load).toHaveBeenCalledTimes(3);
    expect(codeOnNetwork.waiting).toBe(0);
  });

  it('an error of the module itself is not a network wait', async () => {
    offline(true);
    const load = vi.fn().mockRejectedValue(new RangeError('broken module'));
    await expect(importWhenOnline(load)).rejects.toThrow('broken module');
    expect(load).toHaveBeenCalledTimes(1);
    expect(codeOnNetwork.waiting).toBe(0);
  });
});
