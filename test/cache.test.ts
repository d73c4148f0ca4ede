// The persistent SourceReport cache on the file system: TTL policy, round trips, expiry,
// schema versions, passage cap, corrupt entries, leftovers of killed writers, and real
// concurrent writer processes (which run the built code in dist/, built by `npm test`).

import {execFile} from 'node:child_process'
import {existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {basename, dirname, join, resolve} from 'node:path'
import {pathToFileURL} from 'node:url'
import {promisify} from 'node:util'
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'
import {
  cacheKey,
  capPassages,
  defaultCacheFolder,
  defaultTtlPolicy,
  FileStore,
  openCache,
  PASSAGE_BYTES_CAP,
  resolveTtlPolicy,
  SCHEMA_VERSION,
  ttlClass,
  ttlFor,
  type SourceCache
} from '../src/cache/index.js'
import {sha256, toStored} from '../src/cache/entry.js'
import {OptionsError, resolveSettings} from '../src/options.js'
import type {Liveness} from '../src/types.js'
import {report, viaJson} from './helpers/report.js'

const run = promisify(execFile)
const root = resolve(import.meta.dirname, '..')
const hour = 3_600_000
const day = 24 * hour


function entryFile(folder: string, url: string): string {
  const hash = sha256(cacheKey(url))
  return join(folder, `v${SCHEMA_VERSION}`, hash.slice(0, 2), `${hash}.json`)
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('TTL policy', () => {
  const rows: Array<[Liveness, number | undefined, string, string | undefined, number | undefined]> = [
    ['alive', 200, '200 OK', 'alive', day],
    ['alive', 204, '204 No Content', 'alive', day],
    ['dead', 404, '404 Not Found', 'notFound', hour],
    ['dead', 410, '410 Gone', 'notFound', hour],
    ['dead', undefined, 'no such host nope.example', 'unreachable', hour],
    ['dead', undefined, 'connection refused by example.com', 'unreachable', hour],
    ['dead', 301, 'redirect loop', 'unreachable', hour],
    ['paywalled', 403, 'login title “Sign in”, 403 Forbidden', 'paywalled', day],
    ['paywalled', 402, '402 Payment Required', 'paywalled', day],
    ['forbidden', 403, '403 Forbidden', 'forbidden', day],
    ['blocked', 403, 'cloudflare bot wall, 403 Forbidden', 'botWall', day],
    ['blocked', 999, 'bot wall, 999 Request Denied', 'botWall', day],
    ['blocked', 429, 'rate limited, 429 Too Many Requests', 'rateLimited', undefined],
    ['blocked', 429, 'cloudflare bot wall, 429 Too Many Requests', 'rateLimited', undefined],
    ['too-many-redirects', 302, 'more than 5 redirects', 'tooManyRedirects', day],
    ['unexpected-status', 400, '400 Bad Request', 'unexpectedStatus', hour],
    // What retries take as passing is never kept by default, whatever else the answer says.
    ['unexpected-status', 408, '408 Request Timeout', 'serverError', undefined],
    ['blocked', 503, 'cloudflare bot wall, 503 Service Unavailable', 'serverError', undefined],
    ['timeout', undefined, 'no answer within 5 s', 'timeout', undefined],
    ['server-error', 503, '503 Service Unavailable', 'serverError', undefined],
    ['network-error', undefined, 'connection reset by example.com', 'networkError', undefined],
    ['unverified', undefined, 'not in the offline fixtures', undefined, undefined],
    ['error', undefined, 'internal error: boom', undefined, undefined],
    ['unsafe', undefined, 'private address 10.0.0.1 (private)', undefined, undefined],
    ['malformed', undefined, 'malformed URL', undefined, undefined]
  ]

  it.each(rows)('%s %s `%s` → %s, %s ms', (liveness, status, reason, name, ttl) => {
    expect(ttlClass({liveness, status, reason})).toBe(name)
    expect(ttlFor({liveness, status, reason})).toBe(ttl)
  })

  it('overrides one class, keeps the others, and 0 means never cached', () => {
    const policy = resolveTtlPolicy({alive: 50, notFound: 0, timeout: 60_000})
    expect(policy).toEqual({...defaultTtlPolicy, alive: 50, notFound: 0, timeout: 60_000})
    expect(ttlFor({liveness: 'alive', status: 200, reason: '200 OK'}, policy)).toBe(50)
    expect(ttlFor({liveness: 'dead', status: 404, reason: '404 Not Found'}, policy)).toBeUndefined()
    expect(ttlFor({liveness: 'timeout', status: undefined, reason: 'no answer within 5 s'}, policy)).toBe(60_000)
    // Never cached whatever the policy: decided without fetching, unknown, or our own failure.
    expect(ttlFor({liveness: 'unverified', status: undefined, reason: 'x'}, policy)).toBeUndefined()
  })

  it('rejects an unknown class or a bad number, naming it', () => {
    expect(() => resolveTtlPolicy({allive: 5} as never)).toThrow(/Unexpected `cacheTtl` class `allive`, expected one of `alive`/)
    expect(() => resolveTtlPolicy({alive: -1})).toThrow(/Unexpected `cacheTtl.alive` `-1`/)
    expect(() => resolveTtlPolicy(5 as never)).toThrow(/Unexpected `cacheTtl` `5`, expected an object/)
    expect(() => resolveTtlPolicy({alive: Number.POSITIVE_INFINITY})).toThrow(/`cacheTtl.alive`/)
    // Longer than the stores can keep (Redis refused it, and the whole cache with it): an option error, not a warning mid-run.
    expect(() => resolveTtlPolicy({alive: 1e20})).toThrow('Unexpected `cacheTtl.alive` `100000000000000000000`, expected milliseconds from 0 to 9007199254740991 (0 = never cache)')
    expect(resolveTtlPolicy({alive: Number.MAX_SAFE_INTEGER}).alive).toBe(Number.MAX_SAFE_INTEGER)
  })

  it('keeps an entry with the longest TTL allowed through the folder\'s sweep', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'citation-cache-longest-'))
    const cache = openCache(folder, () => {}, {alive: Number.MAX_SAFE_INTEGER})
    try {
      await cache.set('https://example.com/kept', report())
      await vi.waitFor(() => expect(existsSync(join(folder, `v${SCHEMA_VERSION}`, '.swept'))).toBe(true))
      expect(await cache.get('https://example.com/kept')).toEqual(viaJson(report()))
    } finally {
      await cache.close()
      rmSync(folder, {recursive: true, force: true})
    }
  })
})

describe('options', () => {
  it('defaults to node_modules/.cache/remark-lint-citations under the working directory', () => {
    expect(defaultCacheFolder('/repo')).toBe(resolve('/repo', 'node_modules', '.cache', 'remark-lint-citations'))
    expect(defaultCacheFolder()).toBe(resolve(process.cwd(), 'node_modules', '.cache', 'remark-lint-citations'))
  })

  it('rejects what is neither a folder, a redis URL nor false', () => {
    expect(() => openCache('http://cache.example/' as string, () => {})).toThrow(
      /Unexpected cache `http:\/\/cache.example\/`, expected `false`, a folder path, or a `redis:\/\/`/
    )
    expect(() => openCache('', () => {})).toThrow(TypeError)
    expect(() => openCache('redis://127.0.0.1:6379/cache', () => {})).toThrow(/expected a Redis URL such as `redis:\/\/host:6379`/)
    expect(() => openCache('redis://', () => {})).toThrow(TypeError)
  })

  it('a mistyped Redis URL is refused, not taken for a folder named `redis:`', () => {
    for (const cache of ['redis:/cache.internal:6379', 'rediss:/cache.internal', 'redis:cache.internal', 'redis:']) {
      expect(() => resolveSettings({cache})).toThrow(
        new OptionsError(`Unexpected \`cache\` \`${cache}\`, expected a Redis URL such as \`redis://host:6379\` or \`rediss://user:password@host:6380/0\``)
      )
      expect(() => openCache(cache, () => {})).toThrow(TypeError)
    }
    // Its password is not echoed.
    expect(() => resolveSettings({cache: 'redis:/user:s3cret@cache.internal'})).toThrow('Unexpected `cache` `redis:/REDACTED@cache.internal`')
    // Nor one holding a raw `/`, `?` or `#`, as a generated password may: no URL parser finds it a password.
    for (const cache of ['rediss://default:k9/Qx+7==@cache.internal:6380', 'redis:/default:k9/Q?x#7@cache.internal', 'redis+sentinel://default:k9/Qx@cache.internal']) {
      expect(() => resolveSettings({cache})).toThrow(/^Unexpected `cache` `[a-z+]+:\/*REDACTED@cache\.internal(:6380)?`/)
    }
    // A folder whose name merely starts with `redis` is still a folder.
    expect(resolveSettings({cache: 'redis-cache'}).cache).toBe('redis-cache')
    expect(resolveSettings({cache: './redis:x'}).cache).toBe('./redis:x')
  })

  it('a value with whitespace at its start or end is refused, naming it, not taken for a folder whose name starts with a space', () => {
    const expected = 'expected no whitespace at its start or end'
    expect(() => resolveSettings({cache: ' redis://cache.internal:6379'})).toThrow(
      new OptionsError(`Unexpected \`cache\` \`" redis://cache.internal:6379"\`, ${expected}`)
    )
    expect(() => resolveSettings({cache: 'node_modules/.cache/x\n'})).toThrow(new OptionsError(`Unexpected \`cache\` \`"node_modules/.cache/x\\n"\`, ${expected}`))
    // A password stays hidden.
    expect(() => resolveSettings({cache: '\trediss://default:s3cret@cache.internal:6380 '})).toThrow(
      new OptionsError(`Unexpected \`cache\` \`"\\trediss://REDACTED@cache.internal:6380 "\`, ${expected}`)
    )
    expect(() => openCache(' node_modules/.cache/x', () => {})).toThrow(TypeError)
    // A space inside a folder's name is the name's.
    expect(resolveSettings({cache: 'my cache'}).cache).toBe('my cache')
  })

  it('`false` keeps nothing', async () => {
    const cache = openCache(false, () => {})
    await cache.set('https://example.com/a', report())
    expect(await cache.get('https://example.com/a')).toBeUndefined()
    await cache.close()
  })
})

describe('file cache', () => {
  let folder: string
  let warnings: string[]
  let caches: SourceCache[]
  const open = (ttl?: Parameters<typeof openCache>[2], scope?: string) => {
    const cache = openCache(folder, (message) => warnings.push(message), ttl, scope)
    caches.push(cache)
    return cache
  }

  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'citation-cache-'))
    warnings = []
    caches = []
  })

  afterEach(async () => {
    await Promise.all(caches.map((cache) => cache.close()))
    rmSync(folder, {recursive: true, force: true})
  })

  it('round trips a report through one readable JSON file per entry, in a sharded folder', async () => {
    const url = 'https://example.com/a'
    const value = report()
    await open().set(url, value)
    // A new instance, as in the next run.
    expect(await open().get(url)).toEqual(viaJson(value))

    const file = entryFile(folder, url)
    expect(basename(dirname(file))).toBe(basename(file).slice(0, 2))
    const text = readFileSync(file, 'utf8')
    expect(text).toContain(`\n  "key": "v${SCHEMA_VERSION}:`)
    const entry = JSON.parse(text) as {key: string; expires: number; data: {value: Record<string, unknown>}}
    expect(entry.key).toBe(cacheKey(url))
    expect(entry.expires).toBeGreaterThan(Date.now() + day - 60_000)
    expect(entry.data.value.url).toBe(url)
    expect(Date.parse(entry.data.value.storedAt as string)).toBeGreaterThan(Date.now() - 60_000)
    expect(warnings).toEqual([])
  })

  it('keys never hold the URL itself (a URL may carry a secret)', async () => {
    const url = 'https://example.com/a?token=hunter2'
    await open().set(url, report({url: 'https://example.com/a?token=REDACTED'}))
    const text = readFileSync(entryFile(folder, url), 'utf8')
    expect(text).not.toContain('hunter2')
  })

  it('stores nothing for outcomes that are never cached', async () => {
    const cache = open()
    await cache.set('https://example.com/t', report({liveness: 'timeout', status: undefined, reason: 'no answer within 5 s', page: undefined}))
    await cache.set('https://example.com/r', report({liveness: 'blocked', status: 429, reason: 'rate limited, 429 Too Many Requests'}))
    await cache.set('https://example.com/s', report({liveness: 'server-error', status: 502, reason: '502 Bad Gateway'}))
    expect(await cache.get('https://example.com/t')).toBeUndefined()
    expect(existsSync(join(folder, `v${SCHEMA_VERSION}`))).toBe(false)
  })

  it('forgets an entry after its TTL', async () => {
    const url = 'https://example.com/short'
    // Long enough for the writer thread's start (~50 ms) not to count.
    const cache = open({alive: 400})
    await cache.set(url, report())
    expect(await cache.get(url)).toBeDefined()
    await sleep(500)
    expect(await cache.get(url)).toBeUndefined()
    expect(existsSync(entryFile(folder, url))).toBe(false)
    expect(warnings).toEqual([])
  })

  it('misses an entry of another schema version, and another scope', async () => {
    const url = 'https://example.com/a'
    // What an older version wrote: its own folder and key.
    const old = new FileStore({dir: join(folder, `v${SCHEMA_VERSION - 1}`)})
    await old.set(`v${SCHEMA_VERSION - 1}:${sha256(url)}`, {value: {...viaJson(report()), storedAt: new Date().toISOString()}})
    expect(await open().get(url)).toBeUndefined()

    await open(undefined, 'maxRedirects=5').set(url, report())
    expect(await open(undefined, 'maxRedirects=5').get(url)).toBeDefined()
    expect(await open(undefined, 'maxRedirects=10').get(url)).toBeUndefined()
    expect(await open().get(url)).toBeUndefined()
    expect(warnings).toEqual([])
  })

  it('caps stored passages at 256 KiB of text, in order, and marks a page they were cut from as partial', async () => {
    const url = 'https://example.com/long'
    const passages = Array.from({length: 300}, (_, index) => `${index} `.padEnd(1000, 'x'))
    await open().set(url, report({page: {...report().page!, passages}}))
    const stored = (await open().get(url))!.page!
    expect(stored.passages.join('').length).toBe(PASSAGE_BYTES_CAP)
    expect(stored.passages.slice(0, 262)).toEqual(passages.slice(0, 262))
    expect(stored.passages[262]).toBe(passages[262]!.slice(0, PASSAGE_BYTES_CAP - 262_000))
    expect(stored.passages).toHaveLength(263)
    expect(stored.partial).toBe(true)
    // Text that fits is the whole page.
    await open().set(url, report({page: {...report().page!, passages: passages.slice(0, 262)}}))
    expect((await open().get(url))!.page!.partial).toBeUndefined()
  })

  it('cuts passages on character boundaries', () => {
    expect(capPassages(['ab', 'cd', 'ef'], 4)).toEqual(['ab', 'cd'])
    expect(capPassages(['ab', 'cdef'], 3)).toEqual(['ab', 'c'])
    // "é" is 2 bytes, "😀" 4: nothing is split.
    expect(capPassages(['éé😀x'], 5)).toEqual(['éé'])
    expect(capPassages(['😀'], 3)).toEqual([])
    expect(capPassages([], 3)).toEqual([])
  })

  describe('a corrupt entry', () => {
    const url = 'https://example.com/a'
    const damage: Array<[string, string]> = [
      ['garbage', '\u0000\u0001 not json at all'],
      ['truncated JSON', '{\n  "key": "v1:abc",\n  "expires": 17'],
      ['an empty file', ''],
      ['JSON that is not an entry', '[1, 2, 3]'],
      ['an entry that is not a report', 'REPORTLESS']
    ]

    it.each(damage)('%s: a miss, exactly one warning, repaired by the next set', async (_, content) => {
      await open().set(url, report())
      // The day's sweep, started by that first write, takes a head cut at `"expires": 17` for an expired entry:
      // let it finish before the damage, so that the read, not the sweep, finds it.
      await vi.waitFor(() => expect(existsSync(join(folder, `v${SCHEMA_VERSION}`, '.swept'))).toBe(true))
      const file = entryFile(folder, url)
      const text =
        content === 'REPORTLESS'
          ? JSON.stringify({key: cacheKey(url), expires: null, data: {value: {storedAt: 'x', url: 5}}})
          : content
      writeFileSync(file, text)

      const cache = open()
      expect(await cache.get(url)).toBeUndefined()
      expect(await cache.get(url)).toBeUndefined()
      expect(warnings).toHaveLength(1)
      expect(warnings[0]).toMatch(/^Cannot read citation cache entry `.+\.json` \(.+\), treating it as missing; it is rewritten on the next check$/)
      expect(warnings[0]).toContain(file)

      await cache.set(url, report())
      expect(await cache.get(url)).toEqual(viaJson(report()))
      expect(await open().get(url)).toEqual(viaJson(report()))
      expect(warnings).toHaveLength(1)
    })

    it('many corrupt entries are still one warning', async () => {
      const urls = ['https://example.com/1', 'https://example.com/2', 'https://example.com/3']
      for (const each of urls) {
        await open().set(each, report())
        writeFileSync(entryFile(folder, each), '{')
      }
      const cache = open()
      for (const each of urls) expect(await cache.get(each)).toBeUndefined()
      expect(warnings).toHaveLength(1)
    })
  })

  it('ignores the temporary file a killed writer left, and sweeps it once it is old', async () => {
    const url = 'https://example.com/a'
    const file = entryFile(folder, url)
    mkdirSync(dirname(file), {recursive: true})
    const fresh = `${file}.99999.aaaaaaaaaaaa.tmp`
    const stale = `${file}.99998.bbbbbbbbbbbb.tmp`
    writeFileSync(fresh, '{\n  "key": "v1:')
    writeFileSync(stale, '{\n  "key": "v1:')
    const longAgo = new Date(Date.now() - 2 * hour)
    utimesSync(stale, longAgo, longAgo)

    expect(await open().get(url)).toBeUndefined()
    expect(warnings).toEqual([])

    await open().set(url, report())
    expect(await open().get(url)).toEqual(viaJson(report()))
    await sleep(50) // the sweep is housekeeping, not awaited by `set`
    expect(existsSync(stale)).toBe(false)
    expect(existsSync(fresh)).toBe(true)
    expect(warnings).toEqual([])
  })

  it('a run that writes removes entries past their time, old leftovers and older schema versions, at most once a day', async () => {
    // What earlier runs left: an entry of a URL no longer cited (so never read again), past its time; a live one;
    // a killed writer's temporary file; the folder of an older schema version.
    const leftover = (url: string, expires: number) => {
      const file = entryFile(folder, url)
      mkdirSync(dirname(file), {recursive: true})
      writeFileSync(file, JSON.stringify({key: cacheKey(url), expires, data: {value: toStored(report({url}))}}, null, 2) + '\n')
      return file
    }
    const expired = leftover('https://example.com/removed-from-the-docs', Date.now() - 1000)
    const live = leftover('https://example.com/still-cited', Date.now() + hour)
    const temp = `${live}.99998.bbbbbbbbbbbb.tmp`
    writeFileSync(temp, '{\n  "key": "v1:')
    const longAgo = new Date(Date.now() - 2 * hour)
    utimesSync(temp, longAgo, longAgo)
    const older = join(folder, `v${SCHEMA_VERSION - 1}`, 'ab')
    mkdirSync(older, {recursive: true})
    writeFileSync(join(older, 'x.json'), '{}')

    // Reading alone changes nothing.
    expect(await open().get('https://example.com/another')).toBeUndefined()
    await sleep(50)
    expect(existsSync(expired)).toBe(true)

    await open().set('https://example.com/new', report())
    await vi.waitFor(() => expect(existsSync(join(folder, `v${SCHEMA_VERSION}`, '.swept'))).toBe(true))
    expect(existsSync(expired)).toBe(false)
    expect(existsSync(temp)).toBe(false)
    expect(existsSync(join(folder, `v${SCHEMA_VERSION - 1}`))).toBe(false)
    expect(await open().get('https://example.com/still-cited')).toEqual(viaJson(report({url: 'https://example.com/still-cited'})))
    expect(await open().get('https://example.com/new')).toEqual(viaJson(report()))

    // Within a day of the last sweep, a run does not sweep again; a day later it does.
    const again = leftover('https://example.com/removed-later', Date.now() - 1000)
    await open().set('https://example.com/newer', report())
    await sleep(100)
    expect(existsSync(again)).toBe(true)
    const dayAgo = new Date(Date.now() - day - 1000)
    utimesSync(join(folder, `v${SCHEMA_VERSION}`, '.swept'), dayAgo, dayAgo)
    await open().set('https://example.com/newest', report())
    await vi.waitFor(() => expect(existsSync(again)).toBe(false))
    expect(warnings).toEqual([])
  })

  it('a folder it cannot write is one warning, never a throw', async () => {
    const blocker = join(folder, 'not-a-folder')
    writeFileSync(blocker, 'a file where the cache folder should be')
    const cache = openCache(blocker, (message) => warnings.push(message))
    caches.push(cache)
    await cache.set('https://example.com/1', report())
    await cache.set('https://example.com/2', report())
    expect(await cache.get('https://example.com/1')).toBeUndefined()
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(/^Cannot write the citation cache in `.*not-a-folder`, results are not kept: /)
  })

  // Node's recursive mkdir spins forever where a parent exists but cannot hold children, as /proc on Linux.
  it.runIf(existsSync('/proc/self'))('a folder that cannot be made under an existing parent is one warning, not a run that never ends', async () => {
    const cache = openCache('/proc/no-such-process/cache', (message) => warnings.push(message))
    caches.push(cache)
    await cache.set('https://example.com/1', report())
    expect(warnings).toEqual([expect.stringMatching(/^Cannot write the citation cache in `\/proc\/no-such-process\/cache`, results are not kept: ENOENT: /)])
  })

  it('close waits for writes in flight', async () => {
    const cache = openCache(folder, (message) => warnings.push(message))
    const urls = Array.from({length: 50}, (_, index) => `https://example.com/${index}`)
    for (const each of urls) void cache.set(each, report())
    await cache.close()
    const again = open()
    for (const each of urls) expect(await again.get(each)).toBeDefined()
  })

  it('reads 3,000 entries quickly', async () => {
    const cache = open()
    const urls = Array.from({length: 3000}, (_, index) => `https://example.com/page/${index}`)
    for (let index = 0; index < urls.length; index += 200) {
      await Promise.all(urls.slice(index, index + 200).map((each) => cache.set(each, report({url: each}))))
    }
    const warm = open()
    const started = performance.now()
    const found = await Promise.all(urls.map((each) => warm.get(each)))
    const elapsed = performance.now() - started
    expect(found.every((each, index) => each?.url === urls[index])).toBe(true)
    // Typically ~150 ms; the bound only catches something pathological (an index, a lock).
    expect(elapsed).toBeLessThan(5000)
  })
})

describe('concurrent writer processes', () => {
  const built = join(root, 'dist', 'src', 'cache', 'index.js')
  let folder: string

  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'citation-cache-race-'))
  })

  afterEach(() => {
    rmSync(folder, {recursive: true, force: true})
  })

  it('every entry stays whole and holds one of the written values', async () => {
    if (!existsSync(built)) throw new Error(`${built} is missing: run \`npm run build\` (npm test builds first)`)
    const script = join(folder, 'writer.mjs')
    writeFileSync(
      script,
      `
import {openCache} from ${JSON.stringify(pathToFileURL(built).href)}
const [folder, id, rounds] = process.argv.slice(2)
const warnings = []
const cache = openCache(folder, (message) => warnings.push(message))
const big = Array.from({length: 40}, (_, index) => ('writer ' + id + ' passage ' + index + ' ').padEnd(1000, 'x'))
function report(url, round) {
  return {
    url, finalUrl: url, hops: [{url, status: 200}], status: 200, liveness: 'alive',
    reason: 'writer ' + id + ' round ' + round, permanentRedirect: false,
    page: {titles: [], anchors: [], passages: big, truncated: false},
    elapsedMs: 1, checkedAt: new Date().toISOString()
  }
}
for (let round = 0; round < Number(rounds); round++) {
  const writes = []
  for (let key = 0; key < 8; key++) writes.push(cache.set('https://shared.example/' + key, report('https://shared.example/' + key, round)))
  writes.push(cache.set('https://own.example/' + id + '/' + round, report('https://own.example/' + id + '/' + round, round)))
  await Promise.all(writes)
  for (let key = 0; key < 8; key++) {
    const seen = await cache.get('https://shared.example/' + key)
    if (seen && !/^writer \\d+ round \\d+$/.test(seen.reason)) throw new Error('torn read: ' + seen.reason)
  }
}
await cache.close()
if (warnings.length > 0) { console.error(warnings.join('\\n')); process.exit(2) }
`
    )
    const writers = 4
    const rounds = 40
    const results = await Promise.allSettled(
      Array.from({length: writers}, (_, id) => run(process.execPath, [script, folder, String(id), String(rounds)], {timeout: 60_000}))
    )
    for (const result of results) {
      if (result.status === 'rejected') throw new Error(`a writer failed: ${String((result.reason as {stderr?: string}).stderr ?? result.reason)}`)
    }

    // Every file on disk parses as an entry, and no temporary file is left (besides the sweep's mark).
    const version = join(folder, `v${SCHEMA_VERSION}`)
    const files = readdirSync(version, {recursive: true, withFileTypes: true}).filter((entry) => entry.isFile() && entry.name !== '.swept')
    expect(files.filter((entry) => entry.name.endsWith('.tmp'))).toEqual([])
    expect(files).toHaveLength(8 + writers * rounds)
    for (const entry of files) {
      const parsed = JSON.parse(readFileSync(join(entry.parentPath, entry.name), 'utf8')) as {data: {value: {reason: string}}}
      expect(parsed.data.value.reason).toMatch(/^writer \d+ round \d+$/)
    }

    const warnings: string[] = []
    const cache = openCache(folder, (message) => warnings.push(message))
    for (let key = 0; key < 8; key++) {
      const seen = await cache.get(`https://shared.example/${key}`)
      expect(seen?.reason).toMatch(/^writer [0-3] round \d+$/)
      expect(seen?.page?.passages).toHaveLength(40)
    }
    for (let id = 0; id < writers; id++) {
      expect((await cache.get(`https://own.example/${id}/${rounds - 1}`))?.reason).toBe(`writer ${id} round ${rounds - 1}`)
    }
    await cache.close()
    expect(warnings).toEqual([])
  })
})
