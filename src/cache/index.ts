// The persistent SourceReport cache: the next process reuses what this one learned.
//
// Built on Keyv (expiry, serialisation) with one of two stores:
// - an embedded file store (default `node_modules/.cache/remark-lint-citations/`), one JSON file
//   per entry, see file-store.ts;
// - Redis (`redis://…`, `rediss://…`), shared by a team or by sharded CI jobs.
// What is kept, and how long, is decided by outcome (ttl.ts); what is stored is the report with
// its passages capped (entry.ts). A cache never fails a run: every problem is one warning, after
// which the run goes on (for Redis: without a cache).

import {resolve} from 'node:path'
import KeyvRedis, {createClient, type RedisClientConnectionType} from '@keyv/redis'
import {Keyv} from 'keyv'
import type {SourceReport} from '../types.js'
import {cacheKey, fromStored, NAMESPACE, SCHEMA_VERSION, toStored} from './entry.js'
import {FileStore} from './file-store.js'
import {resolveTtlPolicy, ttlFor, type TtlPolicy} from './ttl.js'

export {cacheKey, capPassages, PASSAGE_BYTES_CAP, SCHEMA_VERSION} from './entry.js'
export {FileStore, type FileStoreOptions} from './file-store.js'
export {defaultTtlPolicy, resolveTtlPolicy, ttlClass, ttlClasses, ttlFor, type TtlClass, type TtlPolicy} from './ttl.js'

export interface SourceCache {
  /** A cached report for a normalised URL, or undefined (missing, expired, unreadable, other schema). */
  get(url: string): Promise<SourceReport | undefined>
  /** Stores a report if its outcome is cacheable (see TTL policy); never throws (a failing store is a warning). */
  set(url: string, report: SourceReport): Promise<void>
  /**
   * Claims the fetching of `url` for `ms` among every process sharing this cache: true when this
   * process should fetch it, false while another one is at it. Local caches always say true.
   */
  claim(url: string, ms: number): Promise<boolean>
  /** Gives a claim back early (the outcome was not cacheable, so waiters must fetch themselves). */
  release(url: string): Promise<void>
  /** Waits for writes in flight, then releases files or connections; the process may exit after. */
  close(): Promise<void>
}

/**
 * `undefined`: the default folder (see defaultCacheFolder); a path: that folder (relative to the
 * working directory); `redis://…` or `rediss://…`: a Redis server; `false`: no cache.
 */
export type CacheOption = false | string | undefined

/** Bound on connecting to Redis, and on each Redis command: a Redis that is away costs at most this. */
export const REDIS_TIMEOUT_MS = 2000

/** `node_modules/.cache/remark-lint-citations` under `cwd`, where other tools keep theirs. */
export function defaultCacheFolder(cwd: string = process.cwd()): string {
  return resolve(cwd, 'node_modules', '.cache', 'remark-lint-citations')
}

/** What is wrong with a value given as the cache option, or undefined when it is fine. */
export function cacheOptionProblem(value: unknown): string | undefined {
  if (value === undefined || value === false) return undefined
  const expected = 'expected `false`, a folder path, or a `redis://` or `rediss://` URL'
  if (typeof value !== 'string' || value.trim() === '') return expected
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(value) && !isRedisUrl(value)) return expected
  if (isRedisUrl(value)) {
    let url: URL | undefined
    try {
      url = new URL(value)
    } catch {}
    // A path, if any, is the database number.
    if (!url || !url.hostname || !/^\/?\d*$/.test(url.pathname)) {
      return 'expected a Redis URL such as `redis://host:6379` or `rediss://user:password@host:6380/0`'
    }
  }
  return undefined
}

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
  if (option !== undefined && isRedisUrl(option)) return new RedisCache(option, warn, policy, scope)
  return new FileCache(option === undefined ? defaultCacheFolder() : resolve(option), warn, policy, scope)
}

/** The cache for `false`: nothing is kept. */
const noCache: SourceCache = {
  get: async () => undefined,
  set: async () => {},
  claim: async () => true,
  release: async () => {},
  close: async () => {}
}

function isRedisUrl(value: string): boolean {
  return /^rediss?:\/\//i.test(value)
}

/** Shared by both kinds: keys, TTLs, what is stored, writes in flight. */
abstract class KeyvCache implements SourceCache {
  private readonly pending = new Set<Promise<void>>()

  constructor(
    protected readonly policy: TtlPolicy,
    protected readonly scope: string | undefined
  ) {}

  /** The Keyv to use now, or undefined when there is none (closed, broken). */
  protected abstract keyv(): Promise<Keyv | undefined>
  protected abstract failed(action: 'read' | 'write', error: unknown): void
  protected abstract invalid(key: string): void
  protected abstract shutdown(): Promise<void>

  async get(url: string): Promise<SourceReport | undefined> {
    try {
      const keyv = await this.keyv()
      if (!keyv) return undefined
      const key = cacheKey(url, this.scope)
      const value: unknown = await this.bound(keyv.get(key))
      if (value === undefined || value === null) return undefined
      const report = fromStored(value)
      if (!report) this.invalid(key)
      return report
    } catch (error) {
      this.failed('read', error)
      return undefined
    }
  }

  set(url: string, report: SourceReport): Promise<void> {
    let ttl: number | undefined
    try {
      ttl = ttlFor(report, this.policy)
    } catch (error) {
      this.failed('write', error)
    }
    if (ttl === undefined) return Promise.resolve()
    const write = this.write(url, report, ttl)
    this.pending.add(write)
    void write.finally(() => this.pending.delete(write))
    return write
  }

  /** One process per cache folder fetches what it needs; only a shared store has others to wait for. */
  async claim(_url: string, _ms: number): Promise<boolean> {
    return true
  }

  async release(_url: string): Promise<void> {}

  async close(): Promise<void> {
    await Promise.allSettled([...this.pending])
    await this.shutdown()
  }

  /** Bounds one store operation (Redis); the file store needs no bound. */
  protected bound<T>(operation: Promise<T>): Promise<T> {
    return operation
  }

  private async write(url: string, report: SourceReport, ttl: number): Promise<void> {
    try {
      const keyv = await this.keyv()
      if (!keyv) return
      await this.bound(keyv.set(cacheKey(url, this.scope), toStored(report), ttl))
    } catch (error) {
      this.failed('write', error)
    }
  }
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

  protected invalid(key: string): void {
    // Valid JSON, but not a report of this schema (edited by hand?): same as a corrupt entry.
    this.store.reportUnreadable(this.store.fileFor(key), 'not a citation report')
  }

  protected async shutdown(): Promise<void> {
    this.closed = true
    await this.store.disconnect()
  }
}

/**
 * Redis through @keyv/redis. The client is made here so that nothing can hang a run: connect
 * and every command are bounded (REDIS_TIMEOUT_MS), there is no reconnecting and no offline
 * queue. The first failure (cannot connect, a command fails or times out, the connection drops)
 * is one warning; from then on the cache behaves like no cache.
 */
class RedisCache extends KeyvCache {
  private readonly shown: string
  private readonly client: ReturnType<typeof createClient>
  private readonly ready: Promise<Keyv | undefined>
  private broken = false
  private closed = false
  /** Commands awaiting an answer: the socket keeps the process alive only while there are some. */
  private inFlight = 0

  constructor(
    url: string,
    private readonly warn: (message: string) => void,
    policy: TtlPolicy,
    scope: string | undefined
  ) {
    super(policy, scope)
    this.shown = hidePassword(url)
    this.client = createClient({
      url,
      socket: {connectTimeout: REDIS_TIMEOUT_MS, reconnectStrategy: false},
      disableOfflineQueue: true
    })
    // Without a listener an 'error' event would crash the process.
    this.client.on('error', (error: unknown) => this.fail(error))
    let connecting: Promise<unknown>
    try {
      connecting = this.client.connect()
    } catch (error) {
      connecting = Promise.reject(error)
    }
    this.ready = withTimeout(connecting, REDIS_TIMEOUT_MS, `no connection within ${REDIS_TIMEOUT_MS / 1000} s`).then(
      () => {
        if (this.broken || this.closed) return undefined
        // An idle connection must not keep `remark` running after its last file.
        if (this.inFlight === 0) this.client.unref()
        const store = new KeyvRedis(this.client as unknown as RedisClientConnectionType, {
          namespace: NAMESPACE,
          throwOnConnectError: true,
          throwOnErrors: true
        })
        store.on('error', () => {})
        const keyv = new Keyv({store, namespace: NAMESPACE, useKeyPrefix: false, throwOnErrors: true})
        keyv.on('error', () => {})
        return keyv
      },
      (error: unknown) => {
        this.fail(error)
        return undefined
      }
    )
    // A connection that succeeds after we gave up must not keep the process alive.
    connecting.then(
      () => {
        if (this.broken || this.closed) this.destroy()
      },
      () => {}
    )
  }

  protected async keyv(): Promise<Keyv | undefined> {
    if (this.broken || this.closed) return undefined
    const keyv = await this.ready
    return this.broken || this.closed ? undefined : keyv
  }

  protected override bound<T>(operation: Promise<T>): Promise<T> {
    if (this.inFlight++ === 0 && this.client.isOpen) this.client.ref()
    return withTimeout(operation, REDIS_TIMEOUT_MS, `no answer within ${REDIS_TIMEOUT_MS / 1000} s`).finally(() => {
      if (--this.inFlight === 0 && this.client.isOpen) this.client.unref()
    })
  }

  protected failed(_action: 'read' | 'write', error: unknown): void {
    this.fail(error)
  }

  protected invalid(): void {
    // Something else wrote under our namespace; a miss is enough.
  }

  /** `SET lease NX PX`: the first process to ask fetches; a broken Redis lets everyone fetch. */
  override async claim(url: string, ms: number): Promise<boolean> {
    try {
      if (!(await this.keyv())) return true
      const answer = await this.bound(this.client.set(this.leaseKey(url), String(process.pid), {NX: true, PX: ms}))
      return answer === 'OK'
    } catch (error) {
      this.fail(error)
      return true
    }
  }

  override async release(url: string): Promise<void> {
    try {
      if (await this.keyv()) await this.bound(this.client.del(this.leaseKey(url)))
    } catch (error) {
      this.fail(error)
    }
  }

  private leaseKey(url: string): string {
    return `${NAMESPACE}:lease:${cacheKey(url, this.scope)}`
  }

  protected async shutdown(): Promise<void> {
    if (this.closed) return
    this.closed = true
    if (this.broken) return
    await this.ready
    if (this.client.isOpen) {
      try {
        await withTimeout(this.client.close(), REDIS_TIMEOUT_MS, 'close timed out')
      } catch {
        this.destroy()
      }
    }
  }

  private fail(error: unknown): void {
    if (this.broken) return
    this.broken = true
    if (!this.closed) {
      this.warn(`Cannot use the Redis citation cache \`${this.shown}\`, continuing without a cache: ${describe(error)}`)
    }
    this.destroy()
  }

  private destroy(): void {
    try {
      if (this.client.isOpen) this.client.destroy()
    } catch {
      // Already closed.
    }
  }
}

/** Rejects with `message` when `promise` has not settled after `ms`; the timer does not hold the process. */
function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms)
    timer.unref()
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/** A Redis URL fit for messages: the password replaced. */
function hidePassword(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password) parsed.password = '***'
    return parsed.href
  } catch {
    return url.replace(/\/\/[^@/]*@/, '//***@')
  }
}

function describe(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return describe(error.errors[0])
  if (error instanceof Error) return error.message || error.name
  return String(error)
}
