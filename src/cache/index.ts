// The persistent SourceReport cache: the next process reuses what this one learned.
//
// Built on Keyv (expiry, serialisation) with one of two stores:
// - an embedded file store (default `node_modules/.cache/remark-lint-citations/`), one JSON file
//   per entry, see file-store.ts;
// - Redis (`redis://…`, `rediss://…`), shared by a team or by sharded CI jobs, see redis.ts.
// What is kept, and how long, is decided by outcome (ttl.ts); what is stored is the report with
// its passages capped (entry.ts). A cache never fails a run: every problem is one warning, after
// which the run goes on (for Redis: without a cache).

import {resolve} from 'node:path'
import {Keyv} from 'keyv'
import {NAMESPACE, SCHEMA_VERSION} from './entry.js'
import {FileStore} from './file-store.js'
import {describe, KeyvCache, ownSlot, type SourceCache} from './keyv-cache.js'
import {cacheOptionProblem, defaultCacheFolder, isRedisUrl, type CacheOption} from './option.js'
import {resolveTtlPolicy, type TtlPolicy} from './ttl.js'

export {cacheKey, capPassages, PASSAGE_BYTES_CAP, SCHEMA_VERSION} from './entry.js'
export {FileStore, type FileStoreOptions} from './file-store.js'
export type {SourceCache} from './keyv-cache.js'
export {cacheOptionProblem, defaultCacheFolder, type CacheOption} from './option.js'
export {defaultTtlPolicy, resolveTtlPolicy, ttlClass, ttlClasses, ttlFor, type TtlClass, type TtlPolicy} from './ttl.js'

/**
 * Opens the cache that `option` names. `warn` receives one line per problem (never a secret:
 * Redis passwords are hidden). `ttl` overrides the TTL of some classes (ms; 0 = never cache).
 * `scope`, when given, is mixed into every key: pass the settings that change what a report says
 * (for example `maxRedirects`, `maxBodySize`), so that changing them is a miss, not a stale hit.
 * Throws a TypeError for an option that cacheOptionProblem rejects, a RangeError for a bad TTL.
 */
export function openCache(
  option: CacheOption,
  warn: (message: string) => void,
  ttl?: Partial<TtlPolicy>,
  scope?: string
): SourceCache {
  const problem = cacheOptionProblem(option)
  if (problem) throw new TypeError(`Unexpected cache \`${String(option)}\`, ${problem}`)
  const policy = resolveTtlPolicy(ttl)
  if (option === false) return noCache
  if (option !== undefined && isRedisUrl(option)) return lazyRedis(option, warn, policy, scope)
  return new FileCache(option === undefined ? defaultCacheFolder() : resolve(option), warn, policy, scope)
}

/** The cache for `false`: nothing is kept. */
const noCache: SourceCache = {
  get: async () => undefined,
  set: async () => {},
  claim: async () => true,
  shared: false,
  release: async () => {},
  hostSlot: async () => ownSlot,
  mark: async () => 0,
  setMark: async () => {},
  newRun: () => {},
  flush: async () => {},
  close: async () => {}
}


/** The embedded file store. Writes that fail are one warning; reads and later writes go on. */
class FileCache extends KeyvCache {
  private readonly store: FileStore
  private readonly instance: Keyv
  private readonly warned = new Set<'read' | 'write'>()
  private closed = false

  constructor(
    readonly folder: string,
    private readonly warn: (message: string) => void,
    policy: TtlPolicy,
    scope: string | undefined
  ) {
    super(policy, scope)
    this.store = new FileStore({
      // One folder per schema version: another version is a miss, and can be deleted whole.
      dir: resolve(folder, `v${SCHEMA_VERSION}`),
      onUnreadable: (file, problem) =>
        warn(`Cannot read citation cache entry \`${file}\` (${problem}), treating it as missing; it is rewritten on the next check`)
    })
    this.instance = new Keyv({
      store: this.store,
      namespace: NAMESPACE,
      // The folder is ours: no prefix. Values stay objects, so each file is plain, readable JSON.
      useKeyPrefix: false,
      serialize: undefined,
      deserialize: undefined,
      throwOnErrors: true
    })
    // Failures come back as thrown errors (throwOnErrors); the event is not needed.
    this.instance.on('error', () => {})
  }

  protected async keyv(): Promise<Keyv | undefined> {
    return this.closed ? undefined : this.instance
  }

  protected failed(action: 'read' | 'write', error: unknown): void {
    // The store reports unreadable entries itself; what reaches here is the folder failing.
    if (this.warned.has(action)) return
    this.warned.add(action)
    this.warn(
      action === 'read'
        ? `Cannot read the citation cache in \`${this.folder}\`, checking without it: ${describe(error)}`
        : `Cannot write the citation cache in \`${this.folder}\`, results are not kept: ${describe(error)}`
    )
  }

  protected invalid(key: string, problem: string): void {
    // Valid JSON, but not a report of this schema (edited by hand?): same as a corrupt entry.
    this.store.reportUnreadable(this.store.fileFor(key), problem)
  }

  protected async shutdown(): Promise<void> {
    this.closed = true
    await this.store.disconnect()
  }
}

/**
 * Redis, loaded on first use (see redis.ts). Should the module not load, that is one warning and the run goes on
 * without a cache, as when the server cannot be reached.
 */
function lazyRedis(url: string, warn: (message: string) => void, policy: TtlPolicy, scope: string | undefined): SourceCache {
  const cache: Promise<SourceCache> = import('./redis.js').then(
    ({RedisCache}) => new RedisCache(url, warn, policy, scope),
    (error: unknown) => {
      warn(`Cannot load the Redis citation cache, continuing without a cache: ${describe(error)}`)
      return noCache
    }
  )
  return {
    get: async (key) => (await cache).get(key),
    set: async (key, report) => (await cache).set(key, report),
    claim: async (key, ms) => (await cache).claim(key, ms),
    shared: true,
    release: async (key) => (await cache).release(key),
    hostSlot: async (host, limits, holdMs) => (await cache).hostSlot(host, limits, holdMs),
    mark: async (name) => (await cache).mark(name),
    setMark: async (name, time, ttlMs) => (await cache).setMark(name, time, ttlMs),
    newRun: () => void cache.then((loaded) => loaded.newRun()),
    flush: async () => (await cache).flush(),
    close: async () => (await cache).close()
  }
}
