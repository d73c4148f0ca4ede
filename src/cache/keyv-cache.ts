// What both persistent caches share: keys, TTLs by outcome, what is stored, writes in flight.

import type {Keyv} from 'keyv'
import type {HostLimits, HostSlot, SourceReport} from '../types.js'
import {cacheKey, fromStored, markKey, toStored} from './entry.js'
import {ttlFor, type TtlPolicy} from './ttl.js'

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
  /** True when other processes write to this cache too (Redis): an answer may arrive between a look and a claim. */
  readonly shared: boolean
  /** Gives a claim back early (the outcome was not cacheable, so waiters must fetch themselves). */
  release(url: string): Promise<void>
  /**
   * A request slot of `host` among every process sharing this cache: at most `limits.concurrency` held at once,
   * starts at least `limits.interval` apart. A slot lapses `holdMs` after its start if it is never freed (a job
   * killed mid-request). Local caches: always free, no wait (the process's own scheduler keeps the limits).
   */
  hostSlot(host: string, limits: HostLimits, holdMs: number): Promise<HostSlot>
  /**
   * A time a run recorded under `name` (ms since the epoch), for later runs and jobs sharing the cache: until when a
   * host asked for a pause, since when a URL is dead. 0: none.
   */
  mark(name: string): Promise<number>
  /** Records `time` under `name` for `ttlMs`; a time of 0 clears it. */
  setMark(name: string, time: number, ttlMs: number): Promise<void>
  /** A long-lived process starts another run: a store given up on in an earlier one may be tried again. */
  newRun(): void
  /** Waits for the writes in flight (marks are written without being awaited); the cache stays open. */
  flush(): Promise<void>
  /** Waits for writes in flight, then releases files or connections; the process may exit after. */
  close(): Promise<void>
}

/** What a cache without other processes answers. */
export const ownSlot: HostSlot = {busy: false, waitMs: 0, free: async () => {}}

/** Shared by both kinds: keys, TTLs, what is stored, writes in flight. */
export abstract class KeyvCache implements SourceCache {
  readonly shared: boolean = false
  private readonly pending = new Set<Promise<void>>()

  constructor(
    protected readonly policy: TtlPolicy,
    protected readonly scope: string | undefined
  ) {}

  /** The Keyv to use now, or undefined when there is none (closed, broken). */
  protected abstract keyv(): Promise<Keyv | undefined>
  protected abstract failed(action: 'read' | 'write', error: unknown): void
  /** The entry under `key` cannot be used (`problem`): it counts as missing. */
  protected abstract invalid(key: string, problem: string): void
  protected abstract shutdown(): Promise<void>

  /** False once the store refused a write but still answers reads (a read-only Redis user or replica). */
  protected writable(): boolean {
    return true
  }

  /** A write the store took. */
  protected written(): void {}

  async get(url: string): Promise<SourceReport | undefined> {
    const key = cacheKey(url, this.scope)
    let value: unknown
    try {
      const keyv = await this.keyv()
      if (!keyv) return undefined
      value = await this.bound(keyv.get(key))
    } catch (error) {
      // One bad entry is a miss; only a store that fails as a whole is given up.
      const problem = entryProblem(error)
      if (problem) this.invalid(key, problem)
      else this.failed('read', error)
      return undefined
    }
    if (value === undefined || value === null) return undefined
    const report = fromStored(value)
    if (!report) {
      this.invalid(key, 'not a citation report')
      return undefined
    }
    // Kept longer than the policy now allows (a `cacheTtl` lowered since it was written): a miss, not an old answer.
    const ttl = ttlFor(report, this.policy)
    const age = Date.now() - Date.parse((value as {storedAt: string}).storedAt)
    return ttl !== undefined && age <= ttl ? report : undefined
  }

  set(url: string, report: SourceReport): Promise<void> {
    let ttl: number | undefined
    try {
      ttl = ttlFor(report, this.policy)
    } catch (error) {
      this.failed('write', error)
    }
    if (ttl === undefined || !this.writable()) return Promise.resolve()
    return this.track(this.write(cacheKey(url, this.scope), toStored(report), ttl))
  }

  async mark(name: string): Promise<number> {
    try {
      const keyv = await this.keyv()
      const value: unknown = keyv ? await this.bound(keyv.get(markKey(name))) : undefined
      const time = (value as {time?: unknown} | undefined)?.time
      // Anything else under the key (edited by hand, another version) is no mark.
      return typeof time === 'number' && Number.isFinite(time) ? time : 0
    } catch (error) {
      this.failed('read', error)
      return 0
    }
  }

  setMark(name: string, time: number, ttlMs: number): Promise<void> {
    const ttl = Math.ceil(ttlMs)
    return ttl > 0 && this.writable() ? this.track(this.write(markKey(name), {time}, ttl)) : Promise.resolve()
  }

  /** One process per cache folder fetches what it needs; only a shared store has others to wait for. */
  async claim(_url: string, _ms: number): Promise<boolean> {
    return true
  }

  async release(_url: string): Promise<void> {}

  /** Only a shared store has other processes to share a host's limits with. */
  async hostSlot(_host: string, _limits: HostLimits, _holdMs: number): Promise<HostSlot> {
    return ownSlot
  }

  /** Only a store that can be given up (Redis) has anything to try again. */
  newRun(): void {}

  async flush(): Promise<void> {
    await Promise.allSettled([...this.pending])
  }

  async close(): Promise<void> {
    await this.flush()
    await this.shutdown()
  }

  /** Bounds one store operation (Redis); the file store needs no bound. */
  protected bound<T>(operation: Promise<T>): Promise<T> {
    return operation
  }

  /** A write `close` waits for. */
  private track(write: Promise<void>): Promise<void> {
    this.pending.add(write)
    void write.finally(() => this.pending.delete(write))
    return write
  }

  private async write(key: string, value: unknown, ttl: number): Promise<void> {
    try {
      const keyv = await this.keyv()
      if (!keyv) return
      await this.bound(keyv.set(key, value, ttl))
      this.written()
    } catch (error) {
      this.failed('write', error)
    }
  }
}

/**
 * What is wrong with the one entry a read failed on, when that is what failed: a value that is not JSON (cut
 * short, written by something else) or a Redis key of another type. Undefined for the store failing as a whole.
 */
function entryProblem(error: unknown): string | undefined {
  if (error instanceof SyntaxError) return `not JSON (${describe(error)})`
  const message = describe(error)
  return /^WRONGTYPE\b/.test(message) ? 'not a string value' : undefined
}

/** An error as one short line. */
export function describe(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return describe(error.errors[0])
  if (error instanceof Error) return error.message || error.name
  return String(error)
}
