// The Redis cache against a real `redis-server` on 127.0.0.1 (started here, on a free port).
// Without `redis-server` on PATH these tests fail when CI is set, and are skipped otherwise.

import {execFile} from 'node:child_process'
import {existsSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {connect, createServer, type AddressInfo, type Server, type Socket} from 'node:net'
import {tmpdir} from 'node:os'
import {join, resolve} from 'node:path'
import {pathToFileURL} from 'node:url'
import {promisify} from 'node:util'
import {setFlagsFromString} from 'node:v8'
import {runInNewContext} from 'node:vm'
import {createClient} from '@keyv/redis'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {cacheKey, openCache, type SourceCache} from '../src/cache/index.js'
import {sha256} from '../src/cache/entry.js'
import {ownSlot} from '../src/cache/keyv-cache.js'
import type {HostSlot} from '../src/types.js'
import {LEASE_MS, REDIS_MIN_ANSWERS_PER_S, REDIS_TIMEOUT_MS, REDIS_WAIT_MS} from '../src/cache/redis.js'
import {freePort, hasRedis, startRedis, type Redis} from './helpers/redis.js'
import {report, viaJson} from './helpers/report.js'
import {html, startWeb, testResolve} from './helpers/web.js'
import {resolveSettings} from '../src/options.js'
import {createVerifier} from '../src/verify/verifier.js'
import {closeSharedVerifiers, endRun, verifierForRun} from '../src/verify/shared.js'

const run = promisify(execFile)
const root = resolve(import.meta.dirname, '..')
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))


describe.skipIf(!hasRedis && !process.env.CI)('Redis cache', () => {
  let redis: Redis
  const opened: SourceCache[] = []
  const open = (url: string, warnings: string[], ttl?: Parameters<typeof openCache>[2]) => {
    const cache = openCache(url, (message) => warnings.push(message), ttl)
    opened.push(cache)
    return cache
  }

  beforeAll(async () => {
    if (!hasRedis) {
      throw new Error(
        'redis-server is not on PATH, and CI is set: the Redis cache tests need a real server (apt-get install redis-server)'
      )
    }
    redis = await startRedis()
  })

  afterAll(async () => {
    await Promise.all(opened.map((cache) => cache.close()))
    await redis?.stop()
  })

  /** The few commands the tests use to look at what the cache wrote. */
  interface RawClient {
    get(key: string): Promise<string | null>
    pTTL(key: string): Promise<number>
    exists(key: string): Promise<number>
    set(key: string, value: string): Promise<unknown>
    lPush(key: string, value: string): Promise<unknown>
    sendCommand(args: string[]): Promise<unknown>
  }

  /** A raw client, to look at what the cache wrote. */
  async function raw<T>(use: (client: RawClient) => Promise<T>): Promise<T> {
    const client = createClient({url: redis.url})
    await client.connect()
    try {
      return await use(client as unknown as RawClient)
    } finally {
      client.destroy()
    }
  }

  it('round trips a report, under a namespaced key with a Redis TTL', async () => {
    const warnings: string[] = []
    const url = 'https://example.com/round-trip'
    const cache = open(redis.url, warnings)
    await cache.set(url, report())
    expect(await cache.get(url)).toEqual(viaJson(report()))
    const key = `remark-lint-citations::${cacheKey(url)}`
    const [stored, ttl] = await raw(async (client) => [await client.get(key), await client.pTTL(key)] as const)
    expect(JSON.parse(stored!).value.storedAt).toEqual(expect.any(String))
    expect(ttl).toBeGreaterThan(23 * 3_600_000)
    expect(ttl).toBeLessThanOrEqual(24 * 3_600_000)
    expect(warnings).toEqual([])
  })

  it('honours the TTL', async () => {
    const warnings: string[] = []
    const url = 'https://example.com/short-lived'
    // Long enough that a loaded machine still reads the entry back before it lapses.
    const cache = open(redis.url, warnings, {alive: 400})
    await cache.set(url, report())
    expect(await cache.get(url)).toBeDefined()
    await sleep(600)
    expect(await cache.get(url)).toBeUndefined()
    expect(await raw((client) => client.exists(`remark-lint-citations::${cacheKey(url)}`))).toBe(0)
    expect(warnings).toEqual([])
  })

  it('does not store outcomes that are never cached', async () => {
    const warnings: string[] = []
    const url = 'https://example.com/slow'
    const cache = open(redis.url, warnings)
    await cache.set(url, report({liveness: 'timeout', status: undefined, reason: 'no answer within 5 s', page: undefined}))
    expect(await cache.get(url)).toBeUndefined()
    expect(await raw((client) => client.exists(`remark-lint-citations::${cacheKey(url)}`))).toBe(0)
  })

  it('two machines (two clients) see each other’s entries', async () => {
    const warnings: string[] = []
    const first = open(redis.url, warnings)
    const second = open(redis.url, warnings)
    await first.set('https://example.com/from-first', report({reason: 'first'}))
    await second.set('https://example.com/from-second', report({reason: 'second'}))
    expect((await second.get('https://example.com/from-first'))?.reason).toBe('first')
    expect((await first.get('https://example.com/from-second'))?.reason).toBe('second')
    expect(warnings).toEqual([])
  })

  it('keeps nothing it read: an editor, reading the cache at each check, does not grow by each read', async () => {
    setFlagsFromString('--expose-gc')
    const gc = runInNewContext('gc') as () => void
    const heap = () => (gc(), process.memoryUsage().heapUsed)
    const url = 'https://example.com/read-at-each-check'
    const cache = open(redis.url, [])
    // 20 kB of page text, as a page's passages are.
    await cache.set(url, report({page: {...report().page!, passages: Array.from({length: 20}, (_, index) => `${index} ${'x'.repeat(1000)}`)}}))
    const before = heap()
    // A thousand reads: 20 MB if each were kept.
    for (let check = 0; check < 100; check++) await Promise.all(Array.from({length: 10}, () => cache.get(url)))
    expect(heap() - before).toBeLessThan(5_000_000)
  })

  it('a machine fetching longer than a lease keeps it, for as long as its claim allows, and lets go when done', async () => {
    const warnings: string[] = []
    const first = open(redis.url, warnings)
    const second = open(redis.url, warnings)
    const url = 'https://example.com/long-fetch'
    expect(await first.claim(url, LEASE_MS * 2)).toBe(true)
    // Past the lease's own time, the holder has renewed it: the other machine still waits for its answer.
    await sleep(LEASE_MS + 1000)
    expect(await second.claim(url, 60_000)).toBe(false)
    await first.release(url)
    expect(await second.claim(url, 60_000)).toBe(true)
    await second.release(url)
    // Never renewed past its claim's bound: a holder whose fetch never ends (a bug, a stuck socket) lets go by itself.
    expect(await first.claim(url, 1000)).toBe(true)
    await sleep(1500)
    expect(await second.claim(url, 60_000)).toBe(true)
    await second.release(url)
    expect(warnings).toEqual([])
  }, 20_000)

  it('a lease key no job set (written by hand: without expiry, or for a year) holds up no run', async () => {
    const web = await startWeb({'/page': html('A page')})
    const settings = resolveSettings({allowPrivateAddresses: ['127.0.0.1/32'], resolve: testResolve, cache: redis.url})
    const urls = ['forever', 'year'].map((name) => `${web.origin(`${name}.test`)}/page`)
    const warnings: string[] = []
    const filling = createVerifier(settings, (message) => warnings.push(message))
    const checking = createVerifier(settings, (message) => warnings.push(message))
    try {
      await Promise.all(urls.map((url) => filling.verify(url)))
      await filling.flush()
      // Where each URL's entry is, its lease is too: the entry goes, a stray lease takes its place.
      await raw(async (client) => {
        for (const [index, url] of urls.entries()) {
          const [entry] = (await client.sendCommand(['KEYS', `remark-lint-citations::*${sha256(url)}`])) as string[]
          const lease = entry!.replace('::', ':lease:')
          await client.sendCommand(['DEL', entry!])
          await client.sendCommand(index === 0 ? ['SET', lease, 'by hand'] : ['SET', lease, 'by hand', 'EX', String(365 * 24 * 3600)])
        }
      })
      const reports = await Promise.race([Promise.all(urls.map((url) => checking.verify(url))), sleep(5000).then(() => 'still waiting')])
      expect(reports).toEqual(urls.map(() => expect.objectContaining({status: 200})))
      expect(web.hits('/page')).toBe(4)
      expect(warnings).toEqual([])
    } finally {
      await Promise.all([filling.close(), checking.close()])
      await web.close()
    }
  }, 20_000)

  it('a pause a host asked for is shared: another machine sees it until it ends, under a Redis TTL', async () => {
    const warnings: string[] = []
    const first = open(redis.url, warnings)
    const second = open(redis.url, warnings)
    const until = Date.now() + 60_000
    expect(await second.mark('pause api.example.com')).toBe(0)
    await first.setMark('pause api.example.com', until, 60_000)
    expect(await second.mark('pause api.example.com')).toBe(until)
    const ttls = await raw(async (client) => {
      const keys = (await client.sendCommand(['KEYS', '*:mark:*'])) as string[]
      return Promise.all(keys.map((key) => client.pTTL(key)))
    })
    expect(ttls).toHaveLength(1)
    expect(ttls[0]).toBeGreaterThan(55_000)
    expect(warnings).toEqual([])
  })

  /** The wait a granted slot asks for; -1 when every slot is held. */
  const waitOf = (slot: HostSlot) => (slot.busy ? -1 : slot.waitMs)

  it('two machines reserve a host\'s request starts one gap apart, on Redis\'s clock', async () => {
    const warnings: string[] = []
    const first = open(redis.url, warnings)
    const second = open(redis.url, warnings)
    const paced = {interval: 500, concurrency: 4}
    const waits = [
      waitOf(await first.hostSlot('paced.test', paced, 5000)),
      waitOf(await second.hostSlot('paced.test', paced, 5000)),
      waitOf(await first.hostSlot('paced.test', paced, 5000))
    ]
    // The first start is now; each later one a gap after the one before, whoever reserved it (minus the time taken).
    expect(waits[0]).toBe(0)
    expect(waits[1]).toBeGreaterThan(400)
    expect(waits[2]).toBeGreaterThan(900)
    expect(waitOf(await first.hostSlot('other.test', paced, 5000))).toBe(0) // per host
    expect(warnings).toEqual([])
  })

  it('two machines hold at most a host\'s concurrency between them; a freed slot is free again, and one never freed lapses', async () => {
    const warnings: string[] = []
    const first = open(redis.url, warnings)
    const second = open(redis.url, warnings)
    const two = {interval: 0, concurrency: 2}
    const held = [await first.hostSlot('slots.test', two, 300), await second.hostSlot('slots.test', two, 5000)]
    expect(held.map(waitOf)).toEqual([0, 0])
    expect(await first.hostSlot('slots.test', two, 5000)).toEqual({busy: true})
    expect(await second.hostSlot('slots.test', two, 5000)).toEqual({busy: true})
    if (!held[1]!.busy) await held[1]!.free()
    const third = await second.hostSlot('slots.test', two, 5000)
    expect(waitOf(third)).toBe(0)
    expect(await first.hostSlot('slots.test', two, 5000)).toEqual({busy: true})
    // The first slot was never freed (a job killed mid-request): it lapses after its 300 ms.
    await sleep(350)
    expect(waitOf(await first.hostSlot('slots.test', two, 5000))).toBe(0)
    expect(warnings).toEqual([])
  })

  it('while other jobs hold every shared slot of a host, its requests leave this job\'s slots to other hosts', async () => {
    const web = await startWeb({'/page': html('A page')})
    const other = open(redis.url, [])
    // Another job holds the one slot of held.test.
    const held = await other.hostSlot(`held.test`, {interval: 0, concurrency: 1}, 30_000)
    const verifier = createVerifier(
      resolveSettings({allowPrivateAddresses: ['127.0.0.1/32'], resolve: testResolve, cache: redis.url, concurrency: 1, hostConcurrency: 1, hostInterval: 0}),
      () => {}
    )
    try {
      const done: string[] = []
      const checks = ['held', 'free'].map((name) => verifier.verify(`${web.origin(`${name}.test`)}/page?${name}`).then(() => done.push(name)))
      await sleep(500)
      // The process's one slot went to free.test: held.test waits without holding it.
      expect(done).toEqual(['free'])
      if (!held.busy) await held.free()
      await Promise.all(checks)
      expect(done).toEqual(['free', 'held'])
    } finally {
      await verifier.close()
      await web.close()
    }
  })

  it('a Redis user without scripting gets one warning, each job keeps its own limits, and the cache still works', async () => {
    await raw((client) => client.sendCommand(['ACL', 'SETUSER', 'noscript', 'on', '>secret', '~*', '&*', '+@all', '-@scripting']))
    const warnings: string[] = []
    const cache = open(redis.url.replace('redis://', 'redis://noscript:secret@'), warnings)
    expect(await cache.hostSlot('paced.test', {interval: 500, concurrency: 1}, 5000)).toEqual(ownSlot)
    expect(await cache.hostSlot('paced.test', {interval: 500, concurrency: 1}, 5000)).toEqual(ownSlot)
    await cache.set('https://example.com/no-scripting', report({reason: 'kept'}))
    expect((await cache.get('https://example.com/no-scripting'))?.reason).toBe('kept')
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(/^Cannot share host limits through `redis:\/\/REDACTED@127\.0\.0\.1:\d+\/?` \(NOPERM .*\): each job keeps its own$/)
  })

  it('a Redis user allowed only to read (an editor reading what CI wrote) gets one warning and keeps reading', async () => {
    await raw((client) => client.sendCommand(['ACL', 'SETUSER', 'reader', 'on', '>secret', '~*', '&*', '+@all', '-@write']))
    const written = 'https://example.com/written-by-ci'
    await open(redis.url, []).set(written, report({reason: 'from CI'}))
    const warnings: string[] = []
    const cache = open(redis.url.replace('redis://', 'redis://reader:secret@'), warnings)
    await cache.set('https://example.com/checked-here', report())
    await cache.setMark('pause:host.test', Date.now() + 60_000, 60_000)
    expect(await cache.claim('https://example.com/checked-here', 1000)).toBe(true)
    await cache.flush()
    expect((await cache.get(written))?.reason).toBe('from CI')
    expect(await cache.get('https://example.com/checked-here')).toBeUndefined()
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(/^Cannot write to the Redis citation cache `redis:\/\/REDACTED@127\.0\.0\.1:\d+\/?` \(NOPERM .*\): reading it only, this run's answers are not shared$/)
  })

  it('a read-only replica gets one warning and keeps answering from what the primary holds', async () => {
    const written = 'https://example.com/on-the-primary'
    await open(redis.url, []).set(written, report({reason: 'primary'}))
    // Redis waits 5 s by default before a diskless full sync, for more replicas to join.
    await raw((client) => client.sendCommand(['CONFIG', 'SET', 'repl-diskless-sync-delay', '0']))
    const replica = await startRedis(['--replicaof', '127.0.0.1', new URL(redis.url).port])
    try {
      const warnings: string[] = []
      const cache = open(replica.url, warnings)
      for (let tries = 0; (await cache.get(written)) === undefined && tries < 100; tries++) await sleep(50)
      await cache.set('https://example.com/checked-on-replica', report())
      await cache.flush()
      expect((await cache.get(written))?.reason).toBe('primary')
      expect(warnings).toEqual([expect.stringMatching(/^Cannot write to the Redis citation cache `redis:\/\/127\.0\.0\.1:\d+\/?` \(READONLY .*\): reading it only/)])
      await cache.close()
    } finally {
      await replica.stop()
    }
  })

  it('a full Redis (maxmemory, no eviction) gets one warning and keeps answering what it holds', async () => {
    const full = await startRedis(['--maxmemory-policy', 'noeviction'])
    try {
      const urls = Array.from({length: 3}, (_, index) => `https://example.com/kept-before-full/${index}`)
      const writer = open(full.url, [])
      for (const url of urls) await writer.set(url, report({reason: url}))
      await writer.close()
      const client = createClient({url: full.url})
      await client.connect()
      await client.configSet('maxmemory', '1')
      client.destroy()
      const warnings: string[] = []
      const cache = open(full.url, warnings)
      expect(await cache.claim('https://example.com/new', 5000)).toBe(true)
      await cache.set('https://example.com/new', report())
      await cache.flush()
      expect((await Promise.all(urls.map((url) => cache.get(url)))).map((found) => found?.reason)).toEqual(urls)
      expect(warnings).toEqual([expect.stringMatching(/^Cannot write to the Redis citation cache `redis:\/\/127\.0\.0\.1:\d+\/?` \(OOM .*\): reading it only/)])
      await cache.close()
    } finally {
      await full.stop()
    }
  })

  it('a full Redis is written again from the next run once it has room (`remark --watch`, an editor), and said full again only once it had room', async () => {
    const full = await startRedis(['--maxmemory-policy', 'noeviction'])
    const web = await startWeb({'*': html('A page')})
    const said: string[] = []
    const heard = (warning: Error & {code?: string}) => void (warning.code === 'REMARK_LINT_CITATIONS_VERIFIER' && said.push(warning.message))
    process.on('warning', heard)
    const admin = createClient({url: full.url})
    await admin.connect()
    const settings = resolveSettings({allowPrivateAddresses: ['127.0.0.1/32'], resolve: testResolve, cache: full.url, retries: 0})
    const url = (path: string) => `${web.origin('full.test')}/${path}`
    /** One run of a long-lived process, as unified-engine starts them: a file checked, its answers written. */
    const run = async (path: string) => {
      const files = {}
      const {verifier, done} = verifierForRun(settings, files)
      expect((await verifier.verify(url(path))).status).toBe(200)
      await verifier.flush()
      done()
      endRun(files)
      await new Promise((resolve) => setImmediate(resolve)) // Node emits warnings on the next tick.
    }
    /** Reports stored (each under the verifier's scope, which the key hides). */
    const stored = async () => (await admin.keys('remark-lint-citations::*')).length
    const refused = expect.stringMatching(/^Cannot write to the Redis citation cache `redis:\/\/127\.0\.0\.1:\d+\/?` \(OOM .*\): reading it only, this run's answers are not shared$/)
    try {
      await admin.configSet('maxmemory', '1')
      await run('first')
      expect(said).toEqual([refused])
      // Still full: refused again, and not said again (an editor's run at every keystroke would repeat it).
      await run('second')
      expect(said).toEqual([refused])
      expect(await stored()).toBe(0)
      await admin.configSet('maxmemory', '0')
      // Read-only until a restart, before: this run's answer was never written, nor any later one.
      await run('third')
      expect(await stored()).toBe(1)
      expect(said).toEqual([refused])
      // Full again after it had room: said again.
      await admin.configSet('maxmemory', '1')
      await run('fourth')
      expect(said).toEqual([refused, refused])
    } finally {
      process.off('warning', heard)
      await closeSharedVerifiers()
      admin.destroy()
      await web.close()
      await full.stop()
    }
  }, 20_000)

  it('a corrupt entry is a miss and one warning, the rest of the cache stays in use, and the entry is replaced', async () => {
    const warnings: string[] = []
    const [cut, list, fine] = ['cut-short', 'a-list', 'fine'].map((name) => `https://example.com/${name}`) as [string, string, string]
    const keyOf = (url: string) => `remark-lint-citations::${cacheKey(url)}`
    const cache = open(redis.url, warnings)
    await cache.set(fine, report())
    await raw(async (client) => {
      await client.set(keyOf(cut), '{"value":{"url":"https://exa')
      await client.lPush(keyOf(list), 'not an entry')
    })
    expect(await cache.get(cut)).toBeUndefined()
    expect(await cache.get(list)).toBeUndefined()
    expect(await cache.get(fine)).toEqual(viaJson(report()))
    expect(warnings).toEqual([
      `Cannot read citation cache entry \`${keyOf(cut)}\` in \`${redis.url}\` (not JSON (Unterminated string in JSON at position 28)), treating it as missing; it is rewritten on the next check`
    ])
    await sleep(50)
    expect(await raw((client) => Promise.all([client.exists(keyOf(cut)), client.exists(keyOf(list))]))).toEqual([0, 0])
    await cache.set(list, report())
    expect(await cache.get(list)).toEqual(viaJson(report()))
  })

  it('a Redis that is down is one warning, then no cache, quickly', async () => {
    const warnings: string[] = []
    const port = await freePort()
    const started = Date.now()
    const cache = openCache(`redis://user:s3cret@127.0.0.1:${port}`, (message) => warnings.push(message))
    expect(await cache.get('https://example.com/a')).toBeUndefined()
    await cache.set('https://example.com/a', report())
    expect(await cache.get('https://example.com/a')).toBeUndefined()
    expect(await cache.hostSlot('example.com', {interval: 500, concurrency: 1}, 5000)).toEqual(ownSlot) // each process keeps its own limits
    await cache.close()
    expect(Date.now() - started).toBeLessThan(1000)
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(
      new RegExp(`^Cannot use the Redis citation cache \`redis://REDACTED@127\\.0\\.0\\.1:${port}\`, continuing without a cache: .*ECONNREFUSED`)
    )
    expect(warnings[0]).not.toContain('s3cret')
  })

  it('never shows a credential of the Redis URL: a username without a password, or a password in the query', async () => {
    const port = await freePort()
    for (const url of [`redis://s3cret@127.0.0.1:${port}`, `redis://127.0.0.1:${port}/0?password=s3cret`]) {
      const warnings: string[] = []
      const cache = openCache(url, (message) => warnings.push(message))
      expect(await cache.get('https://example.com/a')).toBeUndefined()
      await cache.close()
      expect(warnings).toHaveLength(1)
      expect(warnings[0]).toMatch(/^Cannot use the Redis citation cache `redis:\/\/(REDACTED@)?127\.0\.0\.1:\d+(\/0\?password=REDACTED)?`, continuing/)
      expect(warnings[0]).not.toContain('s3cret')
    }
  })

  it('a Redis that accepts but never answers costs one bounded wait', async () => {
    const sockets = new Set<Socket>()
    const silent: Server = createServer((socket) => {
      sockets.add(socket)
      socket.on('error', () => {})
    })
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const {port} = silent.address() as AddressInfo
    try {
      const warnings: string[] = []
      const started = Date.now()
      const cache = openCache(`redis://127.0.0.1:${port}`, (message) => warnings.push(message))
      expect(await cache.get('https://example.com/a')).toBeUndefined()
      const waited = Date.now() - started
      expect(waited).toBeGreaterThanOrEqual(REDIS_TIMEOUT_MS - 100)
      expect(waited).toBeLessThan(REDIS_TIMEOUT_MS + 1500)
      expect(await cache.get('https://example.com/b')).toBeUndefined()
      expect(Date.now() - started - waited).toBeLessThan(100)
      await cache.close()
      expect(warnings).toHaveLength(1)
      expect(warnings[0]).toMatch(/^Cannot use the Redis citation cache `redis:\/\/127\.0\.0\.1:\d+`, continuing without a cache: /)
    } finally {
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => silent.close(resolve))
    }
  })

  it('a thread busy past the bound (issuing thousands of commands) does not give up a Redis whose answer is waiting', async () => {
    const warnings: string[] = []
    const cache = open(redis.url, warnings)
    const url = 'https://example.com/busy-thread'
    await cache.set(url, report())
    const pending = cache.get(url)
    // The command is issued, and this thread stays busy past the bound in the same turn of the event loop, before
    // the client sends it: what issuing thousands of commands at once costs.
    for (let step = 0; step < 100; step++) await Promise.resolve()
    const until = performance.now() + REDIS_TIMEOUT_MS + 500
    while (performance.now() < until) {}
    expect(await pending).toEqual(viaJson(report()))
    expect(await cache.get(url)).toEqual(viaJson(report()))
    expect(warnings).toEqual([])
  })

  /**
   * The test Redis behind a link that passes its answers on `bytes` at a time every `everyMs` (all at once until
   * `throttle` is called: the handshake is quick).
   */
  async function slowLink(bytes: number, everyMs: number) {
    let throttled = false
    const sockets = new Set<Socket>()
    const link: Server = createServer((near) => {
      const far = connect(Number(new URL(redis.url).port), '127.0.0.1')
      for (const socket of [near, far]) {
        sockets.add(socket)
        socket.on('error', () => {})
      }
      near.pipe(far)
      let queued = Buffer.alloc(0)
      far.on('data', (chunk: Buffer) => {
        if (throttled) queued = Buffer.concat([queued, chunk])
        else near.write(chunk)
      })
      const trickle = setInterval(() => {
        if (queued.length === 0) return
        near.write(queued.subarray(0, bytes))
        queued = queued.subarray(bytes)
      }, everyMs)
      near.on('close', () => clearInterval(trickle))
    })
    await new Promise<void>((resolve) => link.listen(0, '127.0.0.1', resolve))
    return {
      url: `redis://127.0.0.1:${(link.address() as AddressInfo).port}`,
      throttle: () => (throttled = true),
      async close() {
        for (const socket of sockets) socket.destroy()
        await new Promise((resolve) => link.close(resolve))
      }
    }
  }

  // Redis's answers reach the cache steadily through a slow link, arriving all along: 40 entries of 1 kB at 800 bytes
  // every 50 ms take about 3 s, longer than REDIS_TIMEOUT_MS; 400 at 1600 bytes every 50 ms (a warm run of a large
  // site asks for thousands at once) about 13 s, the last waiting longer than REDIS_WAIT_MS behind the others while
  // Redis answers dozens a second.
  it.each([
    ['answering a burst for longer than the silence bound', 40, 800, REDIS_TIMEOUT_MS],
    ['keeping its last lookup queued longer than the wait bound', 400, 1600, REDIS_WAIT_MS]
  ])('a Redis across a slow link, %s, stays in use', async (_, count, bytes, bound) => {
    const urls = Array.from({length: count}, (_, index) => `https://example.com/slow-link/${index}`)
    const stored = report({reason: 'x'.repeat(1000)})
    const direct = open(redis.url, [])
    await Promise.all(urls.map((url) => direct.set(url, stored)))
    const link = await slowLink(bytes, 50)
    try {
      const warnings: string[] = []
      const cache = open(link.url, warnings)
      link.throttle()
      const started = Date.now()
      const reports = await Promise.all(urls.map((url) => cache.get(url)))
      expect(Date.now() - started).toBeGreaterThan(bound)
      expect(reports).toEqual(urls.map(() => viaJson(stored)))
      expect(warnings).toEqual([])
      await cache.close()
    } finally {
      await link.close()
    }
  }, 60_000)

  it('a Redis answering one lookup a second, never silent for the bound, is given up after a bounded wait', async () => {
    const link = await slowLink(5, 1000)
    try {
      const warnings: string[] = []
      const cache = open(link.url, warnings)
      await cache.get('https://example.com/slow-redis/first')
      link.throttle()
      // Each miss is answered with 5 bytes: one a second, so 40 of them would take 40 s.
      const started = Date.now()
      const urls = Array.from({length: 40}, (_, index) => `https://example.com/slow-redis/${index}`)
      expect(await Promise.all(urls.map((url) => cache.get(url)))).toEqual(urls.map(() => undefined))
      expect(Date.now() - started).toBeLessThan(REDIS_WAIT_MS + 3000)
      expect(warnings).toEqual([
        expect.stringMatching(new RegExp(`^Cannot use the Redis citation cache \`redis://127\\.0\\.0\\.1:\\d+\`, continuing without a cache: an answer waited ${REDIS_WAIT_MS / 1000} s, fewer than ${REDIS_MIN_ANSWERS_PER_S} answered a second$`))
      ])
      await cache.close()
    } finally {
      await link.close()
    }
  }, 30_000)

  it('an editor whose Redis paused (a failover, a laptop asleep) reads the shared cache again from its next check', async () => {
    const web = await startWeb({'/page': html('A page')})
    const url = `${web.origin('edited.test')}/page`
    const settings = (cacheOnly: boolean) =>
      resolveSettings({allowPrivateAddresses: ['127.0.0.1/32'], resolve: testResolve, cache: redis.url, cacheOnly})
    const ci = createVerifier(settings(false), () => {})
    const warnings: string[] = []
    const editor = createVerifier(settings(true), (message) => warnings.push(message))
    try {
      await ci.verify(url)
      await ci.flush()
      expect((await editor.verify(url)).status).toBe(200)
      await raw((client) => client.sendCommand(['CLIENT', 'PAUSE', String(REDIS_TIMEOUT_MS + 1000)]))
      expect((await editor.verify(url)).reason).toMatch(/not yet checked/)
      expect(warnings).toEqual([expect.stringMatching(/^Cannot use the Redis citation cache `redis:\/\/127\.0\.0\.1:\d+`, continuing without a cache: no answer within 2 s$/)])
      await sleep(1200)
      // The next check tries Redis again, in the background: the checks after read it once it is connected (a loaded
      // machine takes a while; a fixed 200 ms failed there), without another warning.
      editor.newRun()
      let status: number | undefined
      for (let tries = 0; status !== 200 && tries < 50; tries++) {
        await sleep(100)
        status = (await editor.verify(url)).status
      }
      expect(status).toBe(200)
      expect(warnings).toHaveLength(1)
    } finally {
      await Promise.all([ci.close(), editor.close()])
      await web.close()
    }
  }, 20_000)

  it('a Redis that goes away mid-run is one warning, then no cache', async () => {
    const doomed = await startRedis()
    try {
      const warnings: string[] = []
      const cache = open(doomed.url, warnings)
      await cache.set('https://example.com/a', report())
      expect(await cache.get('https://example.com/a')).toBeDefined()
      await doomed.stop()
      expect(await cache.get('https://example.com/a')).toBeUndefined()
      await cache.set('https://example.com/b', report())
      await cache.close()
      expect(warnings).toHaveLength(1)
      expect(warnings[0]).toMatch(/^Cannot use the Redis citation cache /)
    } finally {
      await doomed.stop()
    }
  })

  it('lets the process exit after close, with Redis up or down', async () => {
    const built = join(root, 'dist', 'src', 'cache', 'index.js')
    if (!existsSync(built)) throw new Error(`${built} is missing: run \`npm run build\` (npm test builds first)`)
    const folder = mkdtempSync(join(tmpdir(), 'citation-cache-exit-'))
    try {
      const script = join(folder, 'exit.mjs')
      writeFileSync(
        script,
        `
import {openCache} from ${JSON.stringify(pathToFileURL(built).href)}
const cache = openCache(process.argv[2], (message) => console.log('warning: ' + message))
const url = 'https://example.com/exit'
await cache.set(url, ${JSON.stringify(report())})
console.log('hit: ' + ((await cache.get(url)) !== undefined))
await cache.close()
const closedAt = performance.now()
process.on('exit', () => console.log('lingered: ' + Math.round(performance.now() - closedAt)))
`
      )
      // Nothing may hold the event loop after close: no timer, no socket, no reconnect.
      const lingered = (stdout: string) => Number(/lingered: (\d+)/.exec(stdout)?.[1])
      const up = await run(process.execPath, [script, redis.url], {timeout: 10_000})
      expect(up.stdout).toMatch(/^hit: true\nlingered: \d+\n$/)
      expect(lingered(up.stdout)).toBeLessThan(500)
      const down = await run(process.execPath, [script, `redis://127.0.0.1:${await freePort()}`], {timeout: 10_000})
      expect(down.stdout).toMatch(/^warning: Cannot use the Redis citation cache .*\nhit: false\nlingered: \d+\n$/)
      expect(lingered(down.stdout)).toBeLessThan(500)
    } finally {
      rmSync(folder, {recursive: true, force: true})
    }
  })
})
