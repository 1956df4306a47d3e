import type { Db } from './client.js';

/**
 * What changed in the rows the in-process caches keep (the session lookup, the expense list's totals), told by the
 * database itself: triggers (migration 0013) send `pg_notify('rendix_changes', '<topic>:<key>')` on every write to
 * those tables, whoever writes (this process, another instance, the worker, a psql session).
 *
 * Topics: `s` a session (key: its id hash), `u` a user or their memberships (user id), `c` a company (company id),
 * `e` a company's expenses or the catalog their filters read (company id).
 *
 * Two guarantees make a cache built on this correct:
 * - **This process sees its own writes at once.** Every pooled connection LISTENs, and PostgreSQL delivers a
 *   session's own notifications before the ReadyForQuery of its COMMIT (or of the autocommit statement), so the
 *   `notification` event runs before the write's promise resolves: no request of this process can start after a
 *   write and still see the cache from before it. PGlite does the same (one connection).
 * - **Other processes see it within the delivery delay** (milliseconds), through one dedicated listening connection.
 *   Every connection hears every notification; each is delivered once, by the connection whose backend wrote it, or
 *   else by the listener (client.ts).
 *   While that connection is down nothing may be cached (`live` is false), and every cache is emptied when it comes
 *   back, since notifications sent meanwhile were lost.
 */
export const CHANGES_CHANNEL = 'rendix_changes';

export type ChangeTopic = 's' | 'u' | 'c' | 'e';
/** `'*'`: forget everything (the feed was interrupted). */
export type ChangeHandler = (topic: ChangeTopic | '*', key: string) => void;

export class ChangeFeed {
  private readonly handlers = new Set<ChangeHandler>();
  private isLive = false;

  /** Whether every write is being heard; caches answer from memory only while it is true. */
  get live(): boolean {
    return this.isLive;
  }

  subscribe(handler: ChangeHandler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  /** A notification's payload, `<topic>:<key>`. */
  deliver(payload: string): void {
    const colon = payload.indexOf(':');
    if (colon !== 1) return;
    const topic = payload[0] as ChangeTopic;
    const key = payload.slice(2);
    for (const h of this.handlers) h(topic, key);
  }

  /** The dedicated listener connected (true) or lost (false); either way what was cached may be stale. */
  setLive(live: boolean): void {
    this.isLive = live;
    for (const h of this.handlers) h('*', '');
  }
}

/** How many recently notified keys a cache remembers to judge reads in flight. */
const RECENT_NOTIFIED = 4096;

const feeds = new WeakMap<Db, ChangeFeed>();

export function attachChangeFeed(db: Db, feed: ChangeFeed): void {
  feeds.set(db, feed);
}

/** The feed of an opened database (`openDatabase` attaches one to each). */
export function changeFeedOf(db: Db): ChangeFeed | undefined {
  return feeds.get(db);
}

const caches = new WeakMap<Db, Map<string, FeedCache<never>>>();

/** The cache called `name` of this database, made on first use; null for a database without a feed. */
export function feedCache<V>(db: Db, name: string, opts: FeedCacheOptions<V>): FeedCache<V> | null {
  const feed = feeds.get(db);
  if (!feed) return null;
  let byName = caches.get(db);
  if (!byName) caches.set(db, (byName = new Map()));
  let cache = byName.get(name) as FeedCache<V> | undefined;
  if (!cache) byName.set(name, (cache = new FeedCache<V>(feed, opts)) as unknown as FeedCache<never>);
  return cache;
}

interface FeedCacheOptions<V> {
  max: number;
  ttlMs: number;
  keysOf: (value: V) => string[];
}

/**
 * A bounded map of cached values invalidated by the change feed. `keysOf` names the feed keys an entry depends on
 * (e.g. `u:<userId>`); an entry is dropped when any of them is notified, when it is older than `ttlMs` (a bound for
 * safety, not the mechanism), or when the feed is interrupted. Oldest entries go first once `max` is reached.
 */
export class FeedCache<V> {
  private readonly entries = new Map<string, { value: V; at: number; deps: string[] }>();
  /** feed key → cache keys that depend on it. */
  private readonly byDep = new Map<string, Set<string>>();

  constructor(
    private readonly feed: ChangeFeed,
    private readonly opts: FeedCacheOptions<V>,
  ) {
    feed.subscribe((topic, key) => {
      if (topic === '*') this.clear();
      else this.invalidate(`${topic}:${key}`);
    });
  }

  get(key: string): V | undefined {
    if (!this.feed.live) return undefined;
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (Date.now() - hit.at > this.opts.ttlMs) {
      this.delete(key);
      return undefined;
    }
    return hit.value;
  }

  /**
   * Caches `value` read from the database. `readSince` is `generation` taken before the read started: if one of the
   * value's keys was notified while the read was in flight, the value may predate that write, so it is not kept.
   */
  set(key: string, value: V, readSince: number): void {
    if (!this.feed.live || readSince < this.forgottenBefore) return;
    const deps = this.opts.keysOf(value);
    if (deps.some((d) => (this.notifiedAt.get(d) ?? -1) >= readSince)) return;
    this.delete(key);
    if (this.entries.size >= this.opts.max) this.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { value, at: Date.now(), deps });
    for (const d of deps) {
      let set = this.byDep.get(d);
      if (!set) this.byDep.set(d, (set = new Set()));
      set.add(key);
    }
  }

  /** Counts notifications; take it before a read whose result goes to `set`. */
  generation = 0;
  /** When each recently notified key was last notified (bounded: older ones are summed up in `forgottenBefore`). */
  private readonly notifiedAt = new Map<string, number>();
  /** Reads started before this generation cannot be checked key by key any more, so they are not cached. */
  private forgottenBefore = 0;

  get size(): number {
    return this.entries.size;
  }

  private invalidate(dep: string): void {
    const at = this.generation++;
    this.notifiedAt.delete(dep);
    this.notifiedAt.set(dep, at);
    if (this.notifiedAt.size > RECENT_NOTIFIED) {
      const [, oldest] = this.notifiedAt.entries().next().value as [string, number];
      this.notifiedAt.delete(this.notifiedAt.keys().next().value as string);
      this.forgottenBefore = oldest + 1;
    }
    const keys = this.byDep.get(dep);
    if (!keys) return;
    for (const k of [...keys]) this.delete(k);
  }

  private delete(key: string): void {
    const hit = this.entries.get(key);
    if (!hit) return;
    this.entries.delete(key);
    for (const d of hit.deps) {
      const set = this.byDep.get(d);
      set?.delete(key);
      if (set?.size === 0) this.byDep.delete(d);
    }
  }

  clear(): void {
    this.forgottenBefore = ++this.generation;
    this.notifiedAt.clear();
    this.entries.clear();
    this.byDep.clear();
  }
}
