// The shared Redis cache (`redis://…`, `rediss://…`), loaded only when a Redis URL is configured: @keyv/redis
// and its client are hundreds of modules that a folder cache never needs.

import {randomBytes} from 'node:crypto'
import KeyvRedis, {createClient, type RedisClientConnectionType} from '@keyv/redis'
import {Keyv} from 'keyv'
import {redactUrl} from '../net/redact.js'
import type {HostLimits, HostSlot} from '../types.js'
import {withTimeout} from '../with-timeout.js'
import {cacheKey, NAMESPACE} from './entry.js'
import {describe, KeyvCache, ownSlot} from './keyv-cache.js'
import type {TtlPolicy} from './ttl.js'

/** Bound on connecting to Redis, and on how long it may answer none of the commands waiting: a Redis that is away costs at most this. */
export const REDIS_TIMEOUT_MS = 2000

/**
 * Bound on how long one command may wait while Redis answers fewer than REDIS_MIN_ANSWERS_PER_S: a Redis answering a
 * command a second (overloaded, swapping, throttled) is never silent for REDIS_TIMEOUT_MS, and a run through it would
 * take hours.
 */
export const REDIS_WAIT_MS = 10_000

/**
 * Answers a second that keep a Redis in use however long a command waits: a warm run of a large site queues thousands
 * of lookups at once, and the last waits behind the others for as long as the link takes to carry them all.
 */
export const REDIS_MIN_ANSWERS_PER_S = 10

/**
 * How long a lease lasts unless its holder renews it, as it does while it fetches: a job stopped mid-fetch (Ctrl-C,
 * a CI timeout, a crash) holds up the jobs waiting on its URLs this long, not for the longest fetch (70 s by default).
 */
export const LEASE_MS = 6000

/** How often the silence of Redis is counted (see RedisCache.watch). */
const watchTickMs = 100

/**
 * Redis through @keyv/redis. The client is made here so that nothing can hang a run: connect
 * is bounded (REDIS_TIMEOUT_MS), and so is every command by how long Redis answers none, and by how long it waits
 * (REDIS_WAIT_MS, see watch), there is no reconnecting and no offline queue. The first failure (cannot connect, a
 * command fails or times out, the connection drops) is one warning; from then on the cache
 * behaves like no cache, until a long-lived process's next run (see newRun). A write Redis refuses while it
 * answers reads (a user allowed only reads, a read-only replica: editors reading what CI wrote; a full Redis)
 * is one warning too; from then on the cache is read, and this process's answers are not shared (a full Redis's,
 * until the next run).
 */
export class RedisCache extends KeyvCache {
  override readonly shared = true
  private readonly shown: string
  private client!: Client
  private ready!: Promise<Keyv | undefined>
  private broken = false
  private closed = false
  private warnedInvalid = false
  private readOnly = false
  /**
   * Redis refused a write as full (`OOM`) and has taken none since: memory frees up, so each run tries writing again,
   * and only a Redis full again after it had room is said again (not at every keystroke of an editor).
   */
  private full = false
  /** Set when Redis refuses the host-slot script (no scripting for this user, say): the cache goes on without it. */
  private noSharedSlots = false
  /** Names this process's slots among every process's. */
  private readonly slotPrefix = `${process.pid}.${randomBytes(4).toString('hex')}.`
  private slots = 0
  /** Commands awaiting an answer: the socket keeps the process alive only while there are some. */
  private inFlight = 0
  /** How long Redis has answered none of the commands in flight (see watch). */
  private silentMs = 0
  /** Time counted by the watchdog, late ticks capped as for silence: what a command's wait is measured in. */
  private watchedMs = 0
  /** Commands answered (or failed) so far: how fast Redis answers while one waits. */
  private answered = 0
  private watchdog: NodeJS.Timeout | undefined
  /**
   * Fails each command waiting when the store is given up: none waits past that, whatever the client does. By when
   * (watchedMs) each was issued, and how many were answered by then, oldest first.
   */
  private readonly waiting = new Map<(error: unknown) => void, {at: number; answered: number}>()
  /** A new connection is being tried (see newRun). */
  private retrying = false
  /** The leases this process holds, by key, each until when at most (its claim's bound). */
  private readonly leases = new Map<string, number>()
  private renewing: NodeJS.Timeout | undefined

  constructor(
    private readonly url: string,
    private readonly warn: (message: string) => void,
    policy: TtlPolicy,
    scope: string | undefined
  ) {
    super(policy, scope)
    // All of the userinfo, and secret-looking query values (`?password=`): a username alone may be the password.
    this.shown = redactUrl(url)
    this.open()
  }

  /**
   * A long-lived process (an editor server, `remark --watch`) tries a Redis it gave up on again at its next run, in
   * the background: a restart, a failover or a laptop's sleep otherwise left it without the shared cache until it was
   * restarted (under `cacheOnly`, every citation 'not yet checked'). Until the new connection is up, the run goes on
   * without a cache, so a Redis still away costs each check nothing; a failed try is no new warning.
   */
  override newRun(): void {
    // A full Redis frees memory (keys expire, `maxmemory` is raised): under `remark --watch` or an editor, writes never
    // resumed. A refusal by permission or by a replica stays for the process: that setup is meant (editors reading
    // what CI wrote), and each run would warn again.
    if (this.full) this.readOnly = false
    if (!this.broken || this.closed || this.retrying) return
    this.retrying = true
    this.open()
    void this.ready.finally(() => (this.retrying = false))
  }

  /** Connects a client; once it is up, the cache is in use (again). */
  private open(): void {
    const client = newClient(this.url)
    this.client = client
    const current = () => client === this.client
    // Without a listener an 'error' event would crash the process.
    client.on('error', (error: unknown) => current() && this.fail(error))
    let connecting: Promise<unknown>
    try {
      connecting = client.connect()
    } catch (error) {
      connecting = Promise.reject(error)
    }
    let gaveUp = false
    this.ready = withTimeout(connecting, REDIS_TIMEOUT_MS, `no connection within ${REDIS_TIMEOUT_MS / 1000} s`).then(
      () => {
        if (!current() || this.closed) return undefined
        this.broken = false
        this.leases.clear()
        // An idle connection must not keep `remark` running after its last file.
        if (this.inFlight === 0) client.unref()
        const store = new KeyvRedis(client as unknown as RedisClientConnectionType, {
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
        gaveUp = true
        if (current()) this.fail(error)
        return undefined
      }
    )
    // A connection that succeeds after we gave up must not keep the process alive.
    connecting.then(
      () => {
        if (gaveUp || !current() || this.closed) destroy(client)
      },
      () => {}
    )
  }

  protected async keyv(): Promise<Keyv | undefined> {
    if (this.broken || this.closed) return undefined
    const keyv = await this.ready
    return this.broken || this.closed ? undefined : keyv
  }

  /**
   * Every command waits until Redis has answered nothing, to it or to any other, for REDIS_TIMEOUT_MS (see watch): then
   * the store has failed. Thousands sent at once (a warm run of a large site) wait their turn in the client and on the
   * wire, and a Redis still answering the ones before is not away; only one that keeps a command waiting REDIS_WAIT_MS
   * while it answers fewer than REDIS_MIN_ANSWERS_PER_S is.
   */
  protected override bound<T>(operation: Promise<T>): Promise<T> {
    if (this.inFlight++ === 0) {
      if (this.client.isOpen) this.client.ref()
      this.watch()
    }
    // Not a race with one promise rejected on giving up: each race stayed attached to it until then, so every answer
    // (a whole report, for a lookup) was kept for the life of the connection, an editor's growing by each check.
    let giveUp!: (error: unknown) => void
    const answer = new Promise<T>((resolve, reject) => {
      giveUp = reject
      operation.then(resolve, reject)
    })
    this.waiting.set(giveUp, {at: this.watchedMs, answered: this.answered})
    return answer.finally(() => {
      this.waiting.delete(giveUp)
      this.answered++
      this.silentMs = 0
      if (--this.inFlight > 0) return
      clearInterval(this.watchdog)
      if (this.client.isOpen) this.client.unref()
    })
  }

  /**
   * Counts how long Redis keeps the commands in flight unanswered, and gives the store up at REDIS_TIMEOUT_MS, or when
   * the oldest has waited REDIS_WAIT_MS while Redis answered fewer than REDIS_MIN_ANSWERS_PER_S (which fails every
   * command waiting). A tick that comes late found this thread
   * busy (issuing those thousands of commands takes seconds), not Redis slow, and counts for two ticks at most: the
   * answers that came meanwhile are read first.
   */
  private watch(): void {
    this.silentMs = 0
    let last = performance.now()
    this.watchdog = setInterval(() => {
      const now = performance.now()
      const step = Math.min(now - last, 2 * watchTickMs)
      last = now
      this.silentMs += step
      this.watchedMs += step
      const oldest = this.waiting.values().next().value
      if (this.silentMs >= REDIS_TIMEOUT_MS) this.fail(new Error(`no answer within ${REDIS_TIMEOUT_MS / 1000} s`))
      else if (oldest !== undefined && this.slow(oldest)) {
        this.fail(new Error(`an answer waited ${REDIS_WAIT_MS / 1000} s, fewer than ${REDIS_MIN_ANSWERS_PER_S} answered a second`))
      }
    }, watchTickMs).unref()
  }

  /** Whether a command issued so has waited REDIS_WAIT_MS while Redis answered fewer than REDIS_MIN_ANSWERS_PER_S. */
  private slow(issued: {at: number; answered: number}): boolean {
    const waited = this.watchedMs - issued.at
    return waited >= REDIS_WAIT_MS && this.answered - issued.answered < (REDIS_MIN_ANSWERS_PER_S * waited) / 1000
  }

  protected failed(action: 'read' | 'write', error: unknown): void {
    if (action === 'read' || !this.refusedWrite(error)) this.fail(error)
  }

  protected override writable(): boolean {
    return !this.readOnly
  }

  protected override written(): void {
    this.full = false
  }

  /**
   * True (and one warning) when Redis refused a write by permission (`NOPERM`), as a replica (`READONLY`) or as full
   * (`OOM`: at `maxmemory` under the `noeviction` policy, Redis's default): it still answers reads. A full Redis
   * refusing again in a later run is said again only if it took a write in between.
   */
  private refusedWrite(error: unknown): boolean {
    const message = describe(error)
    if (!/^(?:NOPERM|READONLY|OOM)\b/.test(message)) return false
    if (!this.readOnly) {
      const full = message.startsWith('OOM')
      if (!this.closed && !(full && this.full)) {
        this.warn(`Cannot write to the Redis citation cache \`${this.shown}\` (${message}): reading it only, this run's answers are not shared`)
      }
      this.full = full
    }
    this.readOnly = true
    return true
  }

  /**
   * A bad entry (cut short, or written under our namespace by something else) is a miss, and is removed so that it
   * cannot keep every later run from using the cache for that URL; one warning per process.
   */
  protected invalid(key: string, problem: string): void {
    if (!this.warnedInvalid) {
      this.warnedInvalid = true
      this.warn(`Cannot read citation cache entry \`${NAMESPACE}::${key}\` in \`${this.shown}\` (${problem}), treating it as missing; it is rewritten on the next check`)
    }
    if (this.readOnly) return
    void this.keyv()
      .then((keyv) => keyv && this.bound(keyv.delete(key)))
      .catch((error: unknown) => this.failed('write', error))
  }

  /**
   * `SET lease NX PX`: the first process to ask fetches; a broken Redis lets everyone fetch. The lease lasts
   * LEASE_MS and is renewed until released, for `ms` at most.
   */
  override async claim(url: string, ms: number): Promise<boolean> {
    try {
      if (this.readOnly || !(await this.keyv())) return true
      const key = this.leaseKey(url)
      const lease = Math.min(ms, LEASE_MS)
      const answer = await this.bound(this.client.set(key, String(process.pid), {NX: true, PX: lease}))
      if (answer !== 'OK' && !(await this.takeStray(key, lease))) return false
      this.leases.set(key, Date.now() + ms)
      // Unreferenced: a fetch in flight keeps the process alive, a lease alone must not.
      this.renewing ??= setInterval(() => this.renew(), LEASE_MS / 4).unref()
      return true
    } catch (error) {
      this.failed('write', error)
      return true
    }
  }

  /**
   * Takes over a lease key that no job set: one without expiry, or expiring later than any lease may (a `SET` by
   * hand, another tool under our prefix). Every job waiting on it would otherwise wait for good.
   */
  private async takeStray(key: string, lease: number): Promise<boolean> {
    const left = await this.bound(this.client.pTTL(key))
    if (left !== -1 && left <= LEASE_MS) return false
    return (await this.bound(this.client.set(key, String(process.pid), {PX: lease}))) === 'OK'
  }

  override async release(url: string): Promise<void> {
    const key = this.leaseKey(url)
    this.leases.delete(key)
    try {
      if (!this.readOnly && (await this.keyv())) await this.bound(this.client.del(key))
    } catch (error) {
      this.failed('write', error)
    }
  }

  /** Extends each lease still held by another LEASE_MS, up to its claim's bound; past it, a lease lapses by itself. */
  private renew(): void {
    const now = Date.now()
    for (const [key, until] of this.leases) {
      if (now >= until || this.broken || this.closed || this.readOnly) this.leases.delete(key)
      else this.bound(this.client.pExpire(key, Math.min(until - now, LEASE_MS))).catch((error: unknown) => this.failed('write', error))
    }
    if (this.leases.size > 0) return
    clearInterval(this.renewing)
    this.renewing = undefined
  }

  /**
   * One script, so that counting the host's held slots, reading the last reserved start and taking the next are
   * one step for every process; Redis's own clock, so that machines whose clocks disagree still agree. Keys expire
   * a second after their last slot would lapse. Any failure gives a slot of this process's own: sharing the
   * limits is a courtesy to the host, never a reason to stall a run.
   */
  override async hostSlot(host: string, limits: HostLimits, holdMs: number): Promise<HostSlot> {
    try {
      if (this.noSharedSlots || this.readOnly || !(await this.keyv())) return ownSlot
      const id = `${this.slotPrefix}${this.slots++}`
      // One hash tag: both keys of a host live on one node of a Redis Cluster, as a script needs.
      const keys = [`${NAMESPACE}:pace:{${host}}`, `${NAMESPACE}:slots:{${host}}`]
      const numbers = [limits.interval, limits.concurrency, holdMs].map((value) => String(Math.max(0, Math.round(value))))
      const wait = await this.bound(this.client.eval(hostSlotScript, {keys, arguments: [...numbers, id]}))
      if (typeof wait !== 'number') return ownSlot
      if (wait < 0) return {busy: true}
      return {busy: false, waitMs: wait, free: () => this.freeSlot(keys[1]!, id)}
    } catch (error) {
      // Redis answered with an error (`NOPERM`, `ERR unknown command`): scripting is not allowed here, and the
      // cache itself still works. Anything else (no answer, no connection) is the store failing, as for any command.
      if (/^[A-Z]{3,}\b/.test(describe(error))) {
        if (!this.noSharedSlots) this.warn(`Cannot share host limits through \`${this.shown}\` (${describe(error)}): each job keeps its own`)
        this.noSharedSlots = true
      } else this.fail(error)
      return ownSlot
    }
  }

  private async freeSlot(key: string, id: string): Promise<void> {
    try {
      if (await this.keyv()) await this.bound(this.client.zRem(key, id))
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
        destroy(this.client)
      }
    }
  }

  private fail(error: unknown): void {
    if (this.broken) return
    this.broken = true
    for (const giveUp of this.waiting.keys()) giveUp(error)
    this.waiting.clear()
    if (!this.closed) {
      this.warn(`Cannot use the Redis citation cache \`${this.shown}\`, continuing without a cache: ${describe(error)}`)
    }
    destroy(this.client)
  }

}

/** Bounded connect, no reconnecting, no offline queue: see RedisCache. */
function newClient(url: string) {
  return createClient({url, socket: {connectTimeout: REDIS_TIMEOUT_MS, reconnectStrategy: false}, disableOfflineQueue: true})
}

type Client = ReturnType<typeof newClient>

function destroy(client: Client): void {
  try {
    if (client.isOpen) client.destroy()
  } catch {
    // Already closed.
  }
}

/**
 * KEYS[1]: the host's last reserved start (ms, Redis time); KEYS[2]: its held slots (a sorted set, each scored by
 * when it lapses). ARGV: gap, slots, hold (ms), the slot's id. Returns -1 when every slot is held, else the wait
 * until the reserved start.
 */
const hostSlotScript = `
if redis.replicate_commands then redis.replicate_commands() end
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local gap, slots, hold = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
if redis.call('ZCARD', KEYS[2]) >= slots then return -1 end
local start = now
if gap > 0 then
  local last = tonumber(redis.call('GET', KEYS[1]))
  if last and last + gap > now then start = last + gap end
  redis.call('SET', KEYS[1], start, 'PX', start - now + gap + 1000)
end
redis.call('ZADD', KEYS[2], start + hold, ARGV[4])
redis.call('PEXPIRE', KEYS[2], start - now + hold + 1000)
return start - now
`
