import { afterEach, describe, expect, test, vi } from 'vitest';
import { ChangeFeed, FeedCache } from '../../src/server/db/change-feed.js';

// The rules that make an in-process cache safe on top of the database's notifications (db/change-feed.ts).

function setup(opts: { max?: number; ttlMs?: number } = {}) {
  const feed = new ChangeFeed();
  feed.setLive(true);
  const cache = new FeedCache<{ user: string; company: string }>(feed, {
    max: opts.max ?? 100,
    ttlMs: opts.ttlMs ?? 60_000,
    keysOf: (v) => [`u:${v.user}`, `c:${v.company}`],
  });
  const put = (key: string, user: string, company = 'c1') => cache.set(key, { user, company }, cache.generation);
  return { feed, cache, put };
}

afterEach(() => vi.useRealTimers());

describe('FeedCache', () => {
  test('keeps a value until a key it was read from is notified', () => {
    const { feed, cache, put } = setup();
    put('a', 'u1');
    put('b', 'u2');
    expect(cache.get('a')).toEqual({ user: 'u1', company: 'c1' });
    feed.deliver('u:u1');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeDefined();
    feed.deliver('c:c1');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  test('a read that a notification overtook is not kept (it may predate the write)', () => {
    const { feed, cache } = setup();
    const since = cache.generation;
    feed.deliver('u:u1'); // the write commits while the read is in flight
    cache.set('a', { user: 'u1', company: 'c1' }, since);
    expect(cache.get('a')).toBeUndefined();
    // A notification about someone else does not stop it.
    const since2 = cache.generation;
    feed.deliver('u:other');
    cache.set('a', { user: 'u1', company: 'c1' }, since2);
    expect(cache.get('a')).toBeDefined();
  });

  test('with more notifications in flight than it remembers, a read is refused rather than judged blind', () => {
    const { feed, cache } = setup();
    const since = cache.generation;
    for (let i = 0; i < 5000; i++) feed.deliver(`u:x${i}`);
    cache.set('a', { user: 'u1', company: 'c1' }, since);
    expect(cache.get('a')).toBeUndefined();
  });

  test('nothing is answered or kept while the feed is not live, and all is forgotten when it changes', () => {
    const { feed, cache, put } = setup();
    put('a', 'u1');
    feed.setLive(false);
    expect(cache.get('a')).toBeUndefined();
    put('b', 'u2');
    feed.setLive(true);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeUndefined();
    put('c', 'u3');
    expect(cache.get('c')).toBeDefined();
  });

  test('entries expire after the TTL and the oldest go first past the bound', () => {
    vi.useFakeTimers();
    const { cache, put } = setup({ max: 2, ttlMs: 1000 });
    put('a', 'u1');
    put('b', 'u2');
    put('c', 'u3');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeDefined();
    vi.advanceTimersByTime(1001);
    expect(cache.get('b')).toBeUndefined();
  });

  test('payloads that are not <topic>:<key> are ignored', () => {
    const { feed, cache, put } = setup();
    put('a', 'u1');
    feed.deliver('garbage');
    feed.deliver('uu:u1');
    expect(cache.get('a')).toBeDefined();
  });
});
