// The cache through the whole pipeline: warm runs fetch nothing, failures are never kept, entries are
// judged again on read, cacheOnly never fetches, and two processes sharing one Redis fetch each URL once,
// even when one wins the lease just after the other let go of it.

import {execFile, spawn} from 'node:child_process'
import {once} from 'node:events'
import {mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {connect, createServer, type AddressInfo, type Server} from 'node:net'
import {tmpdir} from 'node:os'
import {join, resolve} from 'node:path'
import {pathToFileURL} from 'node:url'
import {promisify} from 'node:util'
import {afterAll, beforeAll, describe, expect, it, vi} from 'vitest'
import {openCache, SCHEMA_VERSION} from '../src/cache/index.js'
import {LEASE_MS} from '../src/cache/redis.js'
import {resolveSettings} from '../src/options.js'
import {longestPauseMs, longestWaitMs} from '../src/verify/retry.js'
import {closeSharedVerifiers} from '../src/verify/shared.js'
import {createVerifier} from '../src/verify/verifier.js'
import {lint as lintAll, lintLiveness as lint} from './helpers/lint.js'
import {hasRedis, startRedis, type Redis} from './helpers/redis.js'
import {html, redirect, startWeb, status, testResolve, type Web} from './helpers/web.js'

const root = resolve(import.meta.dirname, '..')
const supportSentence = 'The Zorblax engine reached a record efficiency of 97 percent in 2019.'
let web: Web
let origin: string
/** Whether `/sometimes` answers (else 404). */
let sometimesUp = false

beforeAll(async () => {
  web = await startWeb({
    '/ok': html('Fine'),
    '/gone': status(404),
    '/busy': status(503),
    '/request-timeout': status(408),
    '/recovering': (request, response) => (web.hits('/recovering') > 1 ? html('Recovered') : status(503))(request, response),
    // Text in a two-byte script over the stored cap, then the sentence a claim cites it for.
    '/long': html('Long', `${'<p>Огород, томаты, полив и компост в солнечный день.</p>'.repeat(3000)}<p>${supportSentence}</p>`),
    '/slow': (request, response) => setTimeout(() => html('Slow but fine')(request, response), 400),
    '/moved': (request, response) => redirect(301, `http://other.test:${web.port}/ok`)(request, response),
    '/limited-long': status(429, {'retry-after': '3600'}),
    '/limited': status(429, {'retry-after': '0'}),
    '/limited-mark': status(429, {'retry-after': '0'}),
    '/sometimes': (request, response) => (sometimesUp ? html('Back')(request, response) : status(404)(request, response))
  })
  origin = web.origin('site.test')
})

afterAll(async () => {
  await closeSharedVerifiers()
  await web.close()
  for (const folder of cacheFolders) rmSync(folder, {recursive: true, force: true})
})

/** A cache folder for one test, removed with the others once every verifier has let go of it. */
const cacheFolders: string[] = []
function cacheFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'citations-cache-'))
  cacheFolders.push(folder)
  return folder
}

/** A new "process": forget the in-memory verifiers, keep the cache on disk. */
async function nextRun(markdown: string, options: Record<string, unknown>) {
  await closeSharedVerifiers()
  return lint(markdown, {allowPrivateAddresses: ['127.0.0.1/32'], resolve: testResolve, retries: 0, ...options})
}

/** Lints as the editor does on each background answer, until no citation is still being checked. */
async function answered(markdown: string, options: Record<string, unknown>) {
  for (;;) {
    const result = await lint(markdown, options)
    if (!result.messages.some((message) => message.includes('checking in the background'))) return result
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

function hits(): number {
  return ['/ok', '/gone', '/busy', '/moved'].reduce((sum, path) => sum + web.hits(path), 0)
}

describe('file cache', () => {
  it('a warm run sends no request for cached outcomes and reports the same messages', async () => {
    const cache = cacheFolder()
    const markdown = `[a](${origin}/ok) [b](${origin}/gone) [c](${origin}/moved).\n`
    const cold = await nextRun(markdown, {cache})
    const before = hits()
    const warm = await nextRun(markdown, {cache})
    expect(warm.messages).toEqual(cold.messages)
    expect(cold.messages).toHaveLength(2)
    expect(hits()).toBe(before)
  })

  it('5xx, 408 (and timeouts, 429s, network errors) are never cached: the next run asks again', async () => {
    const cache = cacheFolder()
    const markdown = `[a](${origin}/busy) [b](${origin}/request-timeout).\n`
    await nextRun(markdown, {cache})
    const before = [web.hits('/busy'), web.hits('/request-timeout')]
    expect((await nextRun(markdown, {cache})).messages).toHaveLength(2)
    expect([web.hits('/busy'), web.hits('/request-timeout')]).toEqual([before[0]! + 1, before[1]! + 1])
  })

  it('cacheTtl sets how long each outcome is kept, also for entries written under a longer one', async () => {
    const cache = cacheFolder()
    const markdown = `[a](${origin}/ok?ttl) [b](${origin}/gone?ttl).\n`
    await nextRun(markdown, {cache})
    const [ok, gone] = [web.hits('/ok'), web.hits('/gone')]
    // A week for live pages: still cached. 404s no longer cached at all: asked again, and not stored.
    const week = 7 * 24 * 60 * 60 * 1000
    expect((await nextRun(markdown, {cache, cacheTtl: {alive: week, notFound: 0}})).messages).toHaveLength(1)
    expect([web.hits('/ok'), web.hits('/gone')]).toEqual([ok, gone + 1])
    await nextRun(markdown, {cache, cacheTtl: {alive: week, notFound: 0}})
    expect([web.hits('/ok'), web.hits('/gone')]).toEqual([ok, gone + 2])
    // Live pages kept 50 ms: the entry written a moment ago under a day is too old now.
    await new Promise((done) => setTimeout(done, 100))
    await nextRun(markdown, {cache, cacheTtl: {alive: 50}})
    expect(web.hits('/ok')).toBe(ok + 1)
  })

  it('an invalid cacheTtl is one fatal message naming it', async () => {
    expect((await nextRun(`[a](${origin}/ok).\n`, {cacheTtl: {alvie: 1000}})).messages).toEqual([
      expect.stringMatching(/^1:1: Unexpected `cacheTtl` class `alvie`, expected one of `alive`, `notFound`, .*\[configure, error\]$/)
    ])
    expect((await nextRun(`[a](${origin}/ok).\n`, {cacheTtl: {alive: '7d'}})).messages).toEqual([
      expect.stringContaining('Unexpected `cacheTtl.alive` `7d`, expected milliseconds from 0 to 9007199254740991 (0 = never cache)')
    ])
  })

  it('a pause a host asked for outlives the run: the next run does not ask the host until it ends', async () => {
    const cache = cacheFolder()
    const paused = web.origin('paused.test')
    const first = await nextRun(`[a](${paused}/limited-long).\n`, {cache})
    expect(first.messages).toEqual([expect.stringContaining('(`rate limited, 429 Too Many Requests`)')])
    expect(web.hits('/limited-long')).toBe(1)
    const before = web.hits('/ok')
    const second = await nextRun(`[a](${paused}/limited-long) and [b](${paused}/ok?later).\n`, {cache})
    expect(second.messages).toEqual([
      expect.stringMatching(/\(`rate limited, not asked: the host asked for a pause until \d{4}-[^`]+Z`\)/),
      expect.stringMatching(/\(`rate limited, not asked: the host asked for a pause until \d{4}-[^`]+Z`\)/)
    ])
    expect([web.hits('/limited-long'), web.hits('/ok')]).toEqual([1, before])
    // Other hosts, and runs without that cache, are not held back.
    expect((await nextRun(`[b](${origin}/ok?other-host).\n`, {cache})).messages).toEqual([])
    expect((await nextRun(`[b](${paused}/ok?no-cache).\n`, {cache: false})).messages).toEqual([])
  })

  it('a pause kept for centuries (as an older version kept a slip of the server\'s) holds the host a day at most, and says until when', async () => {
    const cache = cacheFolder()
    const store = openCache(cache, () => {})
    await store.setMark(`pause centuries.test`, 9_001_795_476_517_425, 60_000)
    await store.close()
    const {messages} = await nextRun(`[a](${web.origin('centuries.test')}/ok?centuries).\n`, {cache})
    const until = /pause until ([^`]+Z)`/.exec(messages[0] ?? '')?.[1]
    expect(messages).toHaveLength(1)
    expect(Date.parse(until!) - Date.now()).toBeGreaterThan(longestPauseMs - 60_000)
  })

  it('a URL still rate limited after all its tries is asked once by the runs of the next hour, and flagged the same', async () => {
    const cache = cacheFolder()
    const markdown = `[a](${origin}/limited).\n`
    const first = await nextRun(markdown, {cache, retries: 2})
    expect(first.messages).toEqual([expect.stringContaining('(`rate limited, 429 Too Many Requests`)')])
    expect(web.hits('/limited')).toBe(3)
    expect((await nextRun(markdown, {cache, retries: 2})).messages).toEqual(first.messages)
    expect(web.hits('/limited')).toBe(4)
    // Without that cache: all its tries again.
    await nextRun(markdown, {cache: false, retries: 2})
    expect(web.hits('/limited')).toBe(7)
  })

  it('a run that only asks a rate-limited URL again writes its mark again only once the mark is half an hour old', async () => {
    const cache = cacheFolder()
    const url = `${origin}/limited-mark`
    const markdown = `[a](${url}).\n`
    // Once the run's verifier has let go, a cache opened afresh: what the next process would read.
    const mark = async () => {
      await closeSharedVerifiers()
      const store = openCache(cache, () => {})
      const time = await store.mark(`limited ${url}`)
      await store.close()
      return time
    }
    await nextRun(markdown, {cache, retries: 2})
    const written = await mark()
    expect(written).toBeGreaterThan(0)
    expect(web.hits('/limited-mark')).toBe(3)
    // Minutes later: asked once, flagged the same, and the mark left as it was (nothing to write).
    await nextRun(markdown, {cache, retries: 2})
    expect(web.hits('/limited-mark')).toBe(4)
    expect(await mark()).toBe(written)
    // A mark 40 minutes old is still known (asked once), and renewed for the next hour.
    const old = Date.now() - 40 * 60_000
    const store = openCache(cache, () => {})
    await store.setMark(`limited ${url}`, old, 20 * 60_000)
    await store.close()
    await nextRun(markdown, {cache, retries: 2})
    expect(web.hits('/limited-mark')).toBe(5)
    expect(await mark()).toBeGreaterThan(old + 30 * 60_000)
  })

  it('confirmDead: a page found dead is flagged until it has been dead that long, then an error; one that answers again starts over', async () => {
    const cache = cacheFolder()
    const markdown = `[a](${origin}/sometimes).\n`
    // Answers not cached, so that each run sees the page as it is; the first failure is remembered all the same.
    const options = {cache, confirmDead: 400, cacheTtl: {notFound: 0, alive: 0}}
    const unconfirmed = /Unexpected dead citation `[^`]+` \(not yet confirmed\), expected a live source \(`404 Not Found, dead since \d{4}-\d\d-\d\dT\d\d:\d\dZ; an error if still dead from \d{4}-\d\d-\d\dT\d\d:\d\dZ`\) \[citation-reachable\]$/
    const confirmed = /Unexpected dead citation `[^`]+`, expected a live source \(`404 Not Found`\) \[citation-alive, error\]$/
    const run = async () => (await nextRun(markdown, options)).messages
    const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))

    expect(await run()).toEqual([expect.stringMatching(unconfirmed)])
    expect(await run()).toEqual([expect.stringMatching(unconfirmed)])
    await sleep(500)
    expect(await run()).toEqual([expect.stringMatching(confirmed)])

    sometimesUp = true
    expect(await run()).toEqual([])
    sometimesUp = false
    await sleep(500)
    // Dead again after answering: a first failure again, however long ago the old one was.
    expect(await run()).toEqual([expect.stringMatching(unconfirmed)])

    expect((await nextRun(markdown, {cache: false, confirmDead: 1000})).messages).toEqual([
      expect.stringContaining('Unexpected `confirmDead` without a `cache` (offline replays use none), expected a cache to remember when a page was first found dead')
    ])
  })

  it('cached reports are judged again against the current options', async () => {
    const cache = cacheFolder()
    const markdown = `[a](${origin}/moved).\n`
    expect((await nextRun(markdown, {cache})).messages).toEqual([expect.stringContaining('to another site')])
    const before = hits()
    expect((await nextRun(markdown, {cache, redirectResolvers: ['site.test']})).messages).toEqual([])
    expect(hits()).toBe(before)
  })

  it('a cached report of a URL the policy now refuses (a secret an older version fetched) is refused, not served', async () => {
    const cache = cacheFolder()
    const seed = `${origin}/ok?seed`
    await nextRun(`[a](${seed}).\n`, {cache})
    // The run's report, filed under URLs whose secrets an older version's policy let through. The verifier's scope
    // (verifier.ts): the seed is found under it, so the other entries are where a run looks for them.
    const {maxRedirects, maxBodySize} = resolveSettings({})
    const store = openCache(cache, () => {}, undefined, JSON.stringify([maxRedirects, maxBodySize]))
    const report = await store.get(seed)
    expect(report).toMatchObject({liveness: 'alive'})
    const nested = `${origin}/ok?next=https%3A%2F%2Fb.test%2F%3Ftoken%3Dabc`
    const path = `${origin}/app;jsessionid=ABC123`
    const unseen = `${origin}/unseen?fine`
    for (const url of [nested, path, unseen]) await store.set(url, report!)
    await store.close()
    const before = [web.hits('/ok'), web.hits('/app;jsessionid=ABC123'), web.hits('/unseen')]
    const {messages} = await nextRun(`[a](${nested}) [b](${path}) [c](${unseen}).\n`, {cache})
    expect(messages).toEqual([
      expect.stringContaining('(`secret nested in query parameter next`) [citation-url-safety, error]'),
      expect.stringContaining('(`secret in path`) [citation-url-safety, error]')
    ])
    // Refused before any connection; the entry of a URL the policy allows still serves.
    expect([web.hits('/ok'), web.hits('/app;jsessionid=ABC123'), web.hits('/unseen')]).toEqual(before)
  })

  it('a page whose text the cache cut is fetched again by a run that reads all of it, and read from the cache by one that does not', async () => {
    const settings = resolveSettings({allowPrivateAddresses: ['127.0.0.1/32'], resolve: testResolve, retries: 0, cache: cacheFolder()})
    const url = `${origin}/long`
    const text = async (depth: 'top' | 'full') => {
      const verifier = createVerifier(settings)
      const report = await verifier.verify(url, depth)
      await verifier.close()
      return report.page!.passages
    }
    expect(await text('full')).toContain(supportSentence)
    // Served the cut text from the cache, claim support found no support on the warm run.
    expect(await text('full')).toContain(supportSentence)
    expect(web.hits('/long')).toBe(2)
    await text('top')
    expect(web.hits('/long')).toBe(2)
  })

  it('under cacheOnly (the editor) a page whose text the cache cut is answered from the cache, not as not yet checked', async () => {
    const cache = cacheFolder()
    const markdown = `See [Long](${origin}/long?editor).\n`
    const judged = (options: Record<string, unknown>) =>
      closeSharedVerifiers().then(() => lintAll(markdown, {allowPrivateAddresses: ['127.0.0.1/32'], resolve: testResolve, retries: 0, cache, ...options}))
    const cold = await judged({})
    const before = web.hits('/long')
    const editor = await judged({cacheOnly: true})
    expect(editor.messages).toEqual(cold.messages)
    expect(web.hits('/long')).toBe(before)
  })

  it('a cached report is checked against the current allowPrivateAddresses: a job that allows less hears what a fetch says', async () => {
    const other = await startWeb({'/to-loopback': (request, response) => redirect(302, `${web.origin()}/ok`)(request, response)}, '127.0.0.2')
    try {
      const cache = cacheFolder()
      const markdown = `[a](${web.origin()}/ok?private) [b](${other.origin()}/to-loopback) [c](${origin}/ok?private).\n`
      const allowed = (await nextRun(markdown, {cache, allowPrivateAddresses: ['127.0.0.0/8']})).messages
      expect(allowed).toEqual([expect.stringContaining('to another site')])
      expect((await nextRun(markdown, {cache, allowPrivateAddresses: ['127.0.0.2/32']})).messages).toEqual([
        expect.stringContaining('(`private address 127.0.0.1 (loopback)`) [citation-url-safety, error]'),
        expect.stringContaining('(`redirect to private address 127.0.0.1 (loopback)`) [citation-url-safety, error]'),
        expect.stringContaining('(`site.test resolves to private address 127.0.0.1 (loopback)`) [citation-url-safety, error]')
      ])
      // The entries stay, for the jobs that allow them.
      const before = web.hits('/ok')
      expect((await nextRun(markdown, {cache, allowPrivateAddresses: ['127.0.0.0/8']})).messages).toEqual(allowed)
      expect(web.hits('/ok')).toBe(before)
    } finally {
      await other.close()
    }
  })

  it('a corrupt entry is a warning and is fetched again; the run still reports', async () => {
    const cache = cacheFolder()
    const markdown = `[b](${origin}/gone?corrupt).\n`
    await nextRun(markdown, {cache})
    const folder = join(cache, `v${SCHEMA_VERSION}`)
    for (const shard of readdirSync(folder).filter((name) => name !== '.swept')) {
      for (const entry of readdirSync(join(folder, shard))) writeFileSync(join(folder, shard, entry), '{"key": "v1:')
    }
    const warnings: string[] = []
    const listener = (warning: Error) => warnings.push(warning.message)
    process.on('warning', listener)
    const before = web.hits('/gone')
    const again = await nextRun(markdown, {cache})
    process.off('warning', listener)
    expect(again.messages).toEqual([expect.stringContaining('(`404 Not Found`)')])
    expect(web.hits('/gone')).toBe(before + 1)
    expect(warnings).toEqual([expect.stringMatching(/^Cannot read citation cache entry `.*`/)])
  })

  // Valid JSON with the top-level fields of a report passed, and the judges met a title that is no text (a message
  // 'Cannot read properties of null' at 1:1), a found paper without its identifier or a content type that is a
  // number (the run stopped with a TypeError).
  it.each([
    ['a title that is no text', (report: Record<string, any>) => void (report.page.titles = [null])],
    ['an anchor that is no text', (report: Record<string, any>) => void (report.page.anchors = [7])],
    ['a content type that is a number', (report: Record<string, any>) => void (report.page.contentType = 200)],
    ['a found paper without its identifier', (report: Record<string, any>) => void (report.work = {outcome: 'found'})]
  ])('an entry whose fields have other types (%s) is a warning and is fetched again; the run reports as a cold one', async (_, edit) => {
    const cache = cacheFolder()
    const markdown = `See [Fine](${origin}/ok?typed#top).\n`
    const judged = () => closeSharedVerifiers().then(() => lintAll(markdown, {allowPrivateAddresses: ['127.0.0.1/32'], resolve: testResolve, retries: 0, cache}))
    const cold = await judged()
    const folder = join(cache, `v${SCHEMA_VERSION}`)
    for (const shard of readdirSync(folder).filter((name) => name !== '.swept')) {
      for (const name of readdirSync(join(folder, shard))) {
        const file = join(folder, shard, name)
        const entry = JSON.parse(readFileSync(file, 'utf8')) as {data: {value: Record<string, unknown>}}
        edit(entry.data.value)
        writeFileSync(file, JSON.stringify(entry))
      }
    }
    const warnings: string[] = []
    const listener = (warning: Error) => warnings.push(warning.message)
    process.on('warning', listener)
    const before = web.hits('/ok')
    const warm = await judged().finally(() => process.off('warning', listener))
    expect(warm.messages).toEqual(cold.messages)
    expect(web.hits('/ok')).toBe(before + 1)
    expect(warnings).toEqual([expect.stringMatching(/^Cannot read citation cache entry `.*` \(not a citation report\)/)])
  })

  it('cacheOnly answers from the cache and reports the rest as not yet checked, without any request', async () => {
    const cache = cacheFolder()
    await nextRun(`[b](${origin}/gone?editor).\n`, {cache})
    const before = hits()
    const {messages} = await nextRun(`[b](${origin}/gone?editor) and [new](${origin}/ok?typed).\n`, {cache, cacheOnly: true})
    expect(messages).toEqual([
      expect.stringContaining('(`404 Not Found`) [citation-alive, error]'),
      expect.stringContaining('(`not yet checked: cache only`) [citation-reachable]')
    ])
    expect(hits()).toBe(before)
  })

  it.each([true, 'background'] as const)(
    'cacheOnly %j refuses at once what the URL policy refuses without a lookup, as a run that fetches does',
    async (cacheOnly) => {
      const cache = cacheFolder()
      const unsafe = '[a](https://x.test/?token=abc) [b](javascript:alert(1)) [c](http://192.168.0.1/) [d](https://u:p@x.test/).\n'
      const fetching = await nextRun(unsafe, {cache})
      expect(fetching.messages[0]).toBe(
        '1:5-1:30: Unexpected unsafe citation `https://x.test/?token=REDACTED`, expected a public http(s) URL (`secret in query parameter token`) [citation-url-safety, error]'
      )
      // The editor underlines what CI fails on. A host name's address is known only by a lookup: not yet checked.
      const lookups: string[] = []
      const lookup = (hostname: string) => (lookups.push(hostname), testResolve(hostname))
      const editor = await nextRun(`${unsafe}[e](${origin}/ok?unseen).\n`, {cache, cacheOnly, resolve: lookup})
      expect(editor.messages).toEqual([
        expect.stringContaining(cacheOnly === true ? '(`not yet checked: cache only`)' : '(`not yet checked: checking in the background`)'),
        ...fetching.messages
      ])
      expect(lookups).toEqual([])
    }
  )

  it("cacheOnly: 'background' answers at once and fetches each uncached URL once, for the next run (the editor)", async () => {
    const cache = cacheFolder()
    const options = {cache, cacheOnly: 'background' as const, allowPrivateAddresses: ['127.0.0.1/32'], resolve: testResolve, retries: 0}
    await closeSharedVerifiers()
    // One long-lived process, as the language server is: each keystroke is a run.
    const markdown = `[b](${origin}/gone?typing) and [c](${origin}/busy?typing).\n`
    const before = [web.hits('/gone'), web.hits('/busy')]
    const first = await lint(markdown, options)
    expect(first.messages).toEqual([
      expect.stringContaining('(`not yet checked: checking in the background`) [citation-reachable]'),
      expect.stringContaining('(`not yet checked: checking in the background`) [citation-reachable]')
    ])
    await lint(markdown, options)
    const later = await answered(markdown, options)
    // The 404 came from the cache, the 503 (never cached) from memory: one request each however often it is asked.
    expect(later.messages).toEqual([
      expect.stringContaining('(`404 Not Found`) [citation-alive, error]'),
      expect.stringContaining('(`503 Service Unavailable`) [citation-reachable]')
    ])
    expect([web.hits('/gone'), web.hits('/busy')]).toEqual([before[0]! + 1, before[1]! + 1])
  })

  it("cacheOnly: 'background' asks again once an answer is past the time the cache would keep it: a 503 after a retry's longest wait", async () => {
    const cache = cacheFolder()
    const options = {cache, cacheOnly: 'background' as const, allowPrivateAddresses: ['127.0.0.1/32'], resolve: testResolve, retries: 0}
    await closeSharedVerifiers()
    const markdown = `[a](${origin}/recovering) [b](${origin}/sometimes?editor).\n`
    const gone = expect.stringContaining('(`404 Not Found`) [citation-alive, error]')
    expect((await answered(markdown, options)).messages).toEqual([gone, expect.stringContaining('(`503 Service Unavailable`) [citation-reachable]')])
    sometimesUp = true
    vi.useFakeTimers({toFake: ['Date']})
    try {
      // A retry's longest wait on, the 503 is asked again; an hour on, the 404 too (kept in memory, it outlived the cache).
      vi.setSystemTime(Date.now() + longestWaitMs + 1000)
      expect((await answered(markdown, options)).messages).toEqual([gone])
      vi.setSystemTime(Date.now() + 60 * 60 * 1000)
      expect((await answered(markdown, options)).messages).toEqual([])
      expect(web.hits('/recovering')).toBe(2)
    } finally {
      vi.useRealTimers()
      sometimesUp = false
    }
  })

  it("cacheOnly: 'background' never fetches a URL seen only once: the prefixes of a URL being typed", async () => {
    const cache = cacheFolder()
    const options = {cache, cacheOnly: 'background' as const, allowPrivateAddresses: ['127.0.0.1/32'], resolve: testResolve, retries: 0}
    await closeSharedVerifiers()
    const before = web.hits('/ok')
    for (const typed of ['/o', '/ok', '/ok?t', '/ok?ty', '/ok?typ']) await lint(`[a](${origin}${typed}).\n`, options)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(web.hits('/ok')).toBe(before)
  })
})

describe.skipIf(!hasRedis && !process.env.CI)('shared Redis cache', () => {
  let redis: Redis
  const folders: string[] = []

  beforeAll(async () => {
    redis = await startRedis()
  })

  afterAll(async () => {
    await redis?.stop()
    for (const folder of folders) rmSync(folder, {recursive: true, force: true})
  })

  /** One "machine": its own folder (and so its own file cache), the real remark CLI, the shared Redis. */
  async function machine(name: string, urls: string[], options: Record<string, unknown> = {}): Promise<string> {
    const output = await promisify(execFile)(remark, ['doc.md', '--no-color'], {cwd: machineFolder(name, urls, options)}).catch(
      (error: {stderr: string}) => error
    )
    return output.stderr
  }

  const remark = join(root, 'node_modules', '.bin', 'remark')

  /** A machine's folder: a config sharing the Redis cache, and `doc.md` citing `urls`. */
  function machineFolder(name: string, urls: string[], options: Record<string, unknown>): string {
    const folder = mkdtempSync(join(root, 'test', `.machine-${name}-`))
    folders.push(folder)
    const entry = pathToFileURL(join(root, 'dist', 'rules', 'index.js')).href
    const settings = {allowPrivateAddresses: ['127.0.0.1/32'], cache: redis.url, ...options}
    writeFileSync(
      join(folder, '.remarkrc.mjs'),
      `import recommended, {configure} from ${JSON.stringify(entry)}\n` +
        `export default {plugins: [recommended, [configure, ${JSON.stringify(settings)}]]}\n`
    )
    writeFileSync(join(folder, 'doc.md'), urls.map((url) => `* [x](${url})`).join('\n') + '\n')
    return folder
  }

  it('two machines at the same time, one Redis: each URL fetched once between them', async () => {
    const base = `http://127.0.0.1:${web.port}`
    const urls = ['/slow?a', '/slow?b', '/slow?c', '/gone?together'].map((path) => base + path)
    const before = {slow: web.hits('/slow'), gone: web.hits('/gone')}
    const [first, second] = await Promise.all([machine('c', urls), machine('d', [...urls].reverse())])
    expect(web.hits('/slow') - before.slow).toBe(3)
    expect(web.hits('/gone') - before.gone).toBe(1)
    expect(first).toContain('Unexpected dead citation')
    expect(second).toContain('Unexpected dead citation')
  })

  it('two machines at the same time, one Redis: a host\'s gap holds between them, not only within each', async () => {
    const arrivals: number[] = []
    const own = await startWeb({
      '/paced': (request, response) => {
        arrivals.push(Date.now())
        html('Paced')(request, response)
      }
    })
    try {
      const urls = (name: string) => [1, 2, 3, 4, 5].map((index) => `http://127.0.0.1:${own.port}/paced?${name}${index}`)
      await Promise.all([machine('e', urls('e'), {hostInterval: 300}), machine('f', urls('f'), {hostInterval: 300})])
      expect(arrivals).toHaveLength(10)
      arrivals.sort((a, b) => a - b)
      const gaps = arrivals.slice(1).map((at, index) => at - arrivals[index]!)
      // Each machine alone keeps 300 ms; two interleaved would leave gaps of 150 ms or less between them. Arrivals
      // are timed at the server, so a loaded machine's jitter (a request held up after its slot) eats into 300.
      expect(Math.min(...gaps)).toBeGreaterThanOrEqual(200)
    } finally {
      await own.close()
    }
  })

  it('two machines at the same time, one Redis: a slow host has at most its hostConcurrency in flight between them', async () => {
    let inFlight = 0
    let most = 0
    const own = await startWeb({
      '/slow': (request, response) => {
        most = Math.max(most, ++inFlight)
        setTimeout(() => {
          inFlight--
          html('Slow')(request, response)
        }, 300)
      }
    })
    try {
      const urls = (name: string) => [1, 2, 3, 4].map((index) => `http://127.0.0.1:${own.port}/slow?${name}${index}`)
      const limits = {hostConcurrency: 2, hostInterval: 0}
      await Promise.all([machine('g', urls('g'), limits), machine('h', urls('h'), limits)])
      expect(own.hits('/slow')).toBe(8)
      // Each machine alone keeps 2 in flight; both together had 4 before they shared the host's slots.
      expect(most).toBe(2)
    } finally {
      await own.close()
    }
  })

  /**
   * A TCP relay to the real Redis that holds back the first lease claim (`SET … NX`) through it, and what follows
   * on that connection, until `let()`: the window between a client's miss and its claim, opened at will.
   */
  async function claimHoldingRelay(): Promise<{url: string; held: Promise<void>; let: () => void; close: () => Promise<void>}> {
    const target = new URL(redis.url)
    let holding: {chunks: Buffer[]; send: (data: Buffer) => void} | undefined
    let caught = false
    let heldOne!: () => void
    const held = new Promise<void>((resolve) => (heldOne = resolve))
    const server: Server = createServer((client) => {
      const upstream = connect(Number(target.port), target.hostname)
      upstream.pipe(client)
      client.on('close', () => upstream.destroy())
      client.on('error', () => upstream.destroy())
      upstream.on('error', () => client.destroy())
      client.on('data', (chunk: Buffer) => {
        if (!caught && chunk.includes('\r\nNX\r\n')) {
          caught = true
          holding = {chunks: [], send: (data) => upstream.write(data)}
          heldOne()
        }
        if (holding) holding.chunks.push(chunk)
        else upstream.write(chunk)
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    return {
      url: `redis://127.0.0.1:${(server.address() as AddressInfo).port}`,
      held,
      let: () => {
        if (holding) holding.send(Buffer.concat(holding.chunks))
        holding = undefined
      },
      close: () => new Promise((resolve) => server.close(() => resolve()))
    }
  }

  it('a machine that wins the lease just after its holder stored the answer and let go reads it, not the web', async () => {
    let arrived!: () => void
    const requested = new Promise<void>((resolve) => (arrived = resolve))
    let answer: (() => void) | undefined
    const own = await startWeb({
      // The first request waits for `answer()`; any later one is answered at once (and counted).
      '/held': (request, response) => {
        if (answer) return html('Worth the wait')(request, response)
        answer = () => html('Worth the wait')(request, response)
        arrived()
      }
    })
    const relay = await claimHoldingRelay()
    const settings = (cache: string) => resolveSettings({allowPrivateAddresses: ['127.0.0.1/32'], resolve: testResolve, retries: 0, cache})
    const first = createVerifier(settings(redis.url))
    const second = createVerifier(settings(relay.url))
    try {
      const url = `${own.origin('race.test')}/held`
      // The first machine claims the lease and fetches; its answer waits in the server.
      const firstReport = first.verify(url)
      await requested
      // The second finds nothing stored, and its claim is held on the way to Redis.
      const secondReport = second.verify(url)
      await relay.held
      // The first stores its answer and lets go of the lease; only then does the second's claim arrive, and win.
      answer!()
      expect((await firstReport).liveness).toBe('alive')
      relay.let()
      expect((await secondReport).liveness).toBe('alive')
      expect(own.hits('/held')).toBe(1)
    } finally {
      await Promise.all([first.close(), second.close()])
      await relay.close()
      await own.close()
    }
  })

  it('a machine stopped mid-fetch (Ctrl-C, a CI timeout) holds up the next one for seconds, not for its longest fetch', async () => {
    // The first request is never answered: the machine is stopped while it waits. Later ones are.
    const own = await startWeb({
      '/stalled': (request, response) => {
        if (own.hits('/stalled') > 1) html('Stalled once')(request, response)
      }
    })
    try {
      const url = `http://127.0.0.1:${own.port}/stalled`
      const stopped = spawn(remark, ['doc.md'], {cwd: machineFolder('stopped', [url], {}), stdio: 'ignore'})
      await vi.waitFor(() => expect(own.hits('/stalled')).toBe(1), {timeout: 15_000, interval: 50})
      stopped.kill('SIGTERM')
      await once(stopped, 'exit')
      const started = Date.now()
      const next = await machine('after-stop', [url])
      // The stopped machine's claim on the URL lapses by itself: before, it held the next run for 70 s.
      expect(Date.now() - started).toBeLessThan(LEASE_MS + 8000)
      expect(own.hits('/stalled')).toBe(2)
      expect(next).not.toContain('citation-alive')
    } finally {
      await own.close()
    }
  }, 100_000)

  it('two machines one after the other, one Redis: the second fetches nothing', async () => {
    const base = `http://127.0.0.1:${web.port}`
    const urls = [`${base}/ok?shared`, `${base}/gone?shared`, `${base}/moved?shared`]
    const before = {ok: web.hits('/ok'), gone: web.hits('/gone'), moved: web.hits('/moved')}
    const first = await machine('a', urls)
    const second = await machine('b', [...urls].reverse())
    expect(web.hits('/gone') - before.gone).toBe(1)
    expect(web.hits('/moved') - before.moved).toBe(1)
    expect(web.hits('/ok') - before.ok).toBe(1) // /moved ends at other.test, which the CLI's resolver never finds
    expect(first).toContain('Unexpected dead citation')
    expect(second).toContain('Unexpected dead citation')
  })
})
