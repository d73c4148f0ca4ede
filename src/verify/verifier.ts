// The verifier: one per settings per process, shared by every rule and file; each URL inspected once.

import {setTimeout as delay} from 'node:timers/promises'
import {openCache, ttlFor, type SourceCache} from '../cache/index.js'
import {AddressPolicy} from '../net/address.js'
import {checkHost, checkUrl} from '../net/policy.js'
import {createAgent} from '../net/agent.js'
import {systemResolve} from '../net/lookup.js'
import {Proxies} from '../net/proxy.js'
import {redactUrl} from '../net/redact.js'
import type {Settings} from '../options.js'
import {doiUrl, registryHeaders} from '../resolve/endpoints.js'
import {identifierKey, identify, type Identifier} from '../resolve/identifiers.js'
import type {Hop, PageDepth, SourceReport, Work} from '../types.js'
import {backgroundAnswerEvent, processEvents} from './background-event.js'
import {openCheckedFixtures, recordTransport, replayTransport} from './fixtures.js'
import {inspect, type InspectDeps} from './inspect.js'
import {probePerReport, reportPerUrl, RunMemo} from './memo.js'
import {longestPauseMs, longestWaitMs} from './retry.js'
import {askRegistry} from './registry.js'
import {settleByApi, settledAlike} from './github.js'
import {Scheduler} from './scheduler.js'
import {compareSibling, siblingUrl, type SiblingProbe} from './sibling.js'
import {liveTransport, type Transport} from './transport.js'
import {lookupSnapshot, lookupWork, type Ask, type SnapshotLookup} from './works.js'
import {withBudget} from '../page/budget.js'
import {pageReader} from '../page/reader.js'
import {warnOnce} from './warn.js'

/** How often a process waiting on another one's fetch looks for its answer. */
const leasePollMs = 200

export interface Verifier {
  /** On a thread of its own (thread.ts): URLs asked for while this thread is busy are fetched meanwhile. */
  readonly threaded?: boolean
  /**
   * The report for a normalised URL; concurrent and repeated asks share one inspection. `depth: 'top'` reads
   * only the top of the page when no rule that is on needs more; a later ask for the full page fetches again.
   */
  verify(url: string, depth?: PageDepth): Promise<SourceReport>
  /**
   * The closest archived copy of a page (the Wayback Machine), nearest to `at` when given; shared per URL and
   * date within the process, not cached across runs. Undefined under `cacheOnly`.
   */
  snapshot(url: string, at?: Date): Promise<SnapshotLookup | undefined>
  /**
   * The random-sibling probe for a cited page (soft-404 detection): one request per host and folder,
   * shared and cached like any report. Undefined for a site's root, or under `cacheOnly` when not cached.
   */
  probeSibling(cited: SourceReport): Promise<SiblingProbe | undefined>
  /**
   * Since when a page is known dead (ms since the epoch), as runs sharing the cache saw it: now for a first failure,
   * which is recorded for `keepMs`. A page found alive (`dead` false) has its record cleared and gets 0.
   */
  deadSince(url: string, dead: boolean, keepMs: number): Promise<number>
  /**
   * A new run of a long-lived process (`remark --watch`, an editor server) is starting: what the last runs learned
   * is forgotten where the cache would not keep it, so it is asked again as a new process would ask it.
   */
  newRun(): void
  /** Resolves once the cache writes started so far are done (marks are written without being awaited), and writes what an offline recording has gathered. */
  flush(): Promise<void>
  /** Release sockets and the cache connection (tests, long-lived hosts). */
  close(): Promise<void>
}

export function createVerifier(settings: Settings, warn: (message: string) => void = warnOnce()): Verifier {
  const addresses = new AddressPolicy(settings.allowPrivateAddresses)
  const replaying = Boolean(settings.offline && !settings.offline.record)
  const {transport, save, close} = makeTransport(settings, addresses, warn)
  // Fixtures are the source of truth offline; a cache would only make replays depend on history.
  // The scope keeps reports made under other fetching limits apart: a changed limit is a miss, not an old answer.
  // Headers (a token, a cookie) change what a host answers: adding one is a miss for what was cached without it.
  const scope = JSON.stringify([settings.maxRedirects, settings.maxBodySize, ...(Object.keys(settings.hostHeaders).length > 0 ? [settings.hostHeaders] : [])])
  const cache: SourceCache = openCache(settings.offline ? false : settings.cache, warn, settings.cacheTtl, scope)
  const deps: InspectDeps = {
    transport,
    scheduler: new Scheduler({
      concurrency: settings.concurrency,
      host: {concurrency: settings.hostConcurrency, interval: settings.hostInterval},
      hosts: settings.hosts,
      wait: !replaying,
      // Processes sharing a cache (Redis) share each host's limits too: N sharded jobs are one polite client. A slot
      // of a job killed mid-request lapses after the longest a request can take.
      share: cache.shared ? (host, limits) => cache.hostSlot(host, limits, settings.timeout + 1000) : undefined,
      pauses: {
        // A pause kept by an older version may run for centuries: none is longer than the longest asked for now.
        load: async (host) => Math.min(await cache.mark(`pause ${host}`), Date.now() + longestPauseMs),
        keep: (host, until) => void cache.setMark(`pause ${host}`, until, until - Date.now())
      }
    }),
    addresses,
    maxRedirects: settings.maxRedirects,
    timeoutMs: settings.timeout,
    retry: {retries: settings.retries, baseDelayMs: 500},
    // Replays answer at once, so they do not wait for backoffs either: same verdict, no delay.
    sleep: replaying ? async () => {} : (ms) => delay(ms),
    pages: withBudget(pageReader()),
    limited: limitedMarks(cache)
  }

  // Long enough for the slowest inspection: every hop timing out twice, plus backoffs.
  const leaseMs = settings.timeout * (settings.maxRedirects + 1) * 2 + 10_000

  /**
   * A cached report serves unless the page is wanted whole and the report has part of it (its top, or text the
   * cache cut: see PASSAGE_BYTES_CAP) while this run may fetch it (under `cacheOnly: true` the part is the answer: a
   * long page the runs fetched was otherwise 'not yet checked' in the editor for good), a host it reached is one
   * `allowPrivateAddresses` no longer allows (a fetch says why), a github.com report was made with a token and this
   * run has none or the reverse (see settledAlike), or the URL names a paper and the report lacks what its registry
   * said (made before registries were asked). Its URL passed the policy first (`refused`): one the policy now
   * refuses (a secret an older version fetched) is never read from the cache.
   */
  async function cached(url: string, depth: PageDepth, paper: boolean): Promise<SourceReport | undefined> {
    const report = await cache.get(url)
    if (!report || (depth === 'full' && report.page?.partial && settings.cacheOnly !== true) || !allowedNow(report, addresses) || !settledAlike(report, url, settings.github)) {
      return undefined
    }
    return paper && !settings.cacheOnly && !report.work ? undefined : report
  }

  /** How long the cache keeps a report: memory keeps it as long between runs (see RunMemo). */
  const keptMs = (report: SourceReport): number | undefined => ttlFor(report, settings.cacheTtl)

  const endpoints = settings.registries
  const ask: Ask = (url, accept) => askRegistry(url, registryHeaders(endpoints, accept), deps)
  /** One lookup per identifier per run, however many URLs name it. */
  const works = new RunMemo<Work>()
  const workOf = (identifier: Identifier): Promise<Work> => {
    const key = identifierKey(identifier)
    const known = works.get(key)
    if (known) return known.value
    const value = lookupWork(identifier, endpoints, ask, workOf)
    works.set(key, {value})
    return value
  }

  async function check(url: string, depth: PageDepth): Promise<SourceReport> {
    const refusal = refused(url, depth)
    if (refusal) return refusal
    const identifier = identify(url)
    const known = await cached(url, depth, identifier !== undefined)
    if (known) return known
    if (settings.cacheOnly) return notYetChecked(url)
    return fetchFresh(url, depth, identifier)
  }

  /**
   * The answer to a URL the policy refuses without a lookup (another scheme, credentials, a secret, a literal or
   * `localhost` private host): the fetch's own, which refuses it before any connection. Asked first, whatever route
   * the URL would take: a paper's registry and its landing page (a DOI's, which drops the cited query) are asked
   * for its identifier, not for it; the cache and `cacheOnly` (the editor, which then shows what CI fails on) fetch
   * nothing. A host name is judged by its address at connection time: not here.
   */
  function refused(url: string, depth: PageDepth): Promise<SourceReport> | undefined {
    return checkUrl(url, addresses).ok ? undefined : inspect(url, deps, depth)
  }

  /** `cacheOnly: 'background'`: each uncached URL fetched once, in the background, and what it found until when. */
  const background = new Map<string, BackgroundFetch>()
  /** URLs asked about once: a URL still there on the next run is not a prefix being typed, and is fetched. */
  const seen = new Set<string>()

  /** The cached answer, or what a background fetch found; else start that fetch and say so at once. */
  async function answerNow(url: string, depth: PageDepth): Promise<SourceReport> {
    const refusal = refused(url, depth)
    if (refusal) return refusal
    const identifier = identify(url)
    const known = await cached(url, depth, identifier !== undefined)
    if (known) return known
    const started = backgroundEntry(url)
    if (started?.report) return started.report
    if (!started && !seen.has(url)) {
      if (seen.size >= maxBackground) seen.clear()
      seen.add(url)
    } else if (!started) {
      const entry: BackgroundFetch = {expires: Infinity}
      background.set(url, entry)
      // An editor runs for days: forget the oldest answers (they are in the cache when cacheable).
      if (background.size > maxBackground) background.delete(background.keys().next().value!)
      fetchFresh(url, depth, identifier).then(
        (report) => {
          entry.report = report
          // Asked again when the cache would have been: a failure never cached, after the longest wait a retry takes.
          entry.expires = Date.now() + (ttlFor(report, settings.cacheTtl) ?? longestWaitMs)
          processEvents.emit(backgroundAnswerEvent)
        },
        () => background.delete(url)
      )
    }
    return notYetChecked(url, 'not yet checked: checking in the background')
  }

  /** What a background fetch of `url` found, or is finding; an answer past its time is forgotten, to be asked again. */
  function backgroundEntry(url: string): BackgroundFetch | undefined {
    const entry = background.get(url)
    if (!entry?.report || Date.now() < entry.expires) return entry
    background.delete(url)
    return undefined
  }

  /** Fetches under way: `close` lets them end, so that what they find reaches the cache (an editor closing). */
  const underWay = new Set<Promise<SourceReport>>()

  function fetchFresh(url: string, depth: PageDepth, identifier: Identifier | undefined): Promise<SourceReport> {
    const fetching = fetchAndKeep(url, depth, identifier)
    underWay.add(fetching)
    fetching.then(
      () => underWay.delete(fetching),
      () => underWay.delete(fetching)
    )
    return fetching
  }

  async function fetchAndKeep(url: string, depth: PageDepth, identifier: Identifier | undefined): Promise<SourceReport> {
    // Another machine sharing the cache is fetching it: wait for its answer instead of asking twice.
    while (!(await cache.claim(url, leaseMs))) {
      await delay(leasePollMs)
      const shared = await cached(url, depth, identifier !== undefined)
      if (shared) return shared
    }
    // The last holder may have stored its answer and let go between our last look and this claim.
    if (cache.shared) {
      const stored = await cached(url, depth, identifier !== undefined)
      if (stored) {
        await cache.release(url)
        return stored
      }
    }
    // A paper's landing page is still read, beside its registry: other rules want its facts (the publisher's
    // domain and name, the abstract, anchors). Its outcome decides liveness only when no registry answered.
    const landing = landingUrl(url, identifier)
    const [inspected, work] = await Promise.all([inspect(landing, deps, depth), identifier ? workOf(identifier) : undefined])
    const report = await settleByApi(inspected, url, settings.github, deps)
    if (landing !== url) report.url = redactUrl(url)
    if (work) report.work = work
    await cache.set(url, report)
    await cache.release(url)
    return report
  }

  /** A doi.org link is resolved through the configured doi.org (tests point it at a local server). */
  function landingUrl(url: string, identifier: Identifier | undefined): string {
    if (identifier?.kind !== 'doi' || !/^https?:\/\/(?:dx\.|www\.)?doi\.org\//i.test(url)) return url
    return doiUrl(endpoints, identifier.display)
  }

  /** Archived copies, looked up once: one the archive could not say is asked again as a 503 is (see RunMemo). */
  const snapshots = new RunMemo<SnapshotLookup>((lookup) => (lookup.outcome === 'unverified' ? undefined : Infinity))

  const siblings = new RunMemo<SourceReport | undefined>((report) => report && keptMs(report))

  /** Since when each page is known dead (see deadSince), read once per run. */
  const deaths = new RunMemo<number>()
  /** Under `cacheOnly`: when this process first saw each page dead that no run had recorded yet. */
  const seenDead = new Map<string, number>()

  async function probeOnce(cited: SourceReport): Promise<SiblingProbe | undefined> {
    const url = siblingUrl(cited.url)
    if (url === undefined) return undefined
    let sibling = siblings.get(url)?.value
    if (!sibling) {
      sibling = fetchSibling(url)
      if (!settings.cacheOnly) siblings.set(url, {value: sibling})
    }
    const report = await sibling
    return report && compareSibling(cited, report, url)
  }

  /**
   * Under `cacheOnly` (the editor) the runs that fetch keep the record: it is read at each check, as entries are, so
   * a run's record shows on the next edit; and never written, since an uncached URL ("not yet checked") is no live
   * page, and clearing a run's first failure for it made `confirmDead` start over at the next run.
   */
  async function readDeath(url: string, dead: boolean): Promise<number> {
    const since = await cache.mark(`dead ${url}`)
    if (since > 0 || !dead) return since
    let first = seenDead.get(url)
    if (first === undefined) seenDead.set(url, (first = Date.now()))
    return first
  }

  async function recordDeath(url: string, dead: boolean, keepMs: number): Promise<number> {
    const name = `dead ${url}`
    const since = await cache.mark(name)
    if (!dead) {
      if (since > 0) void cache.setMark(name, 0, keepMs)
      return 0
    }
    if (since > 0) return since
    const now = Date.now()
    void cache.setMark(name, now, keepMs)
    return now
  }

  async function fetchSibling(url: string): Promise<SourceReport | undefined> {
    const cached = await cache.get(url)
    if (cached) return cached
    if (settings.cacheOnly) return undefined
    const report = await inspect(url, deps)
    await cache.set(url, report)
    return report
  }

  // Under `cacheOnly` the cache is the answer: ask again, read it again, so a run that filled it shows.
  const memo = settings.cacheOnly === 'background' ? undefined : reportPerUrl(check, !settings.cacheOnly, keptMs)
  const verify = memo ?? answerNow
  return {
    verify: (url, depth = 'full') => verify(url, depth),
    snapshot(url, at) {
      if (settings.cacheOnly) return Promise.resolve(undefined)
      const key = `${url} ${at?.toISOString() ?? ''}`
      const known = snapshots.get(key)
      if (known) return known.value
      const lookup = lookupSnapshot(url, at, endpoints, ask)
      snapshots.set(key, {value: lookup})
      return lookup
    },
    deadSince(url, dead, keepMs) {
      if (settings.cacheOnly) return readDeath(url, dead)
      const known = deaths.get(url)
      if (known) return known.value
      const since = recordDeath(url, dead, keepMs)
      deaths.set(url, {value: since})
      return since
    },
    probeSibling: probePerReport(probeOnce, !settings.cacheOnly),
    newRun() {
      cache.newRun()
      memo?.newRun()
      works.newRun()
      snapshots.newRun()
      siblings.newRun()
      deaths.newRun()
    },
    flush: () => {
      save()
      return cache.flush()
    },
    async close() {
      await Promise.allSettled([...underWay])
      await Promise.all([close(), cache.close(), deps.pages.close()])
    }
  }
}

/** How long a URL still rate limited after all its tries is asked only once (see `InspectDeps.limited`). */
const limitedKeptMs = 60 * 60 * 1000

/**
 * The cache's marks of URLs still rate limited after all their tries. A mark is written again only once it is half
 * its time old: a warm run that re-asks such URLs and learns nothing new writes nothing, and starts no cache writer
 * (0.2 s of CPU; 0.03–0.06 s of the small benchmark's warm run). A run in the mark's second half hour renews it.
 */
function limitedMarks(cache: SourceCache): NonNullable<InspectDeps['limited']> {
  const since = new Map<string, number>()
  return {
    known: async (url) => {
      const time = await cache.mark(`limited ${url}`)
      if (time > 0) since.set(url, time)
      return time > 0
    },
    keep: (url) => {
      if (Date.now() - (since.get(url) ?? 0) < limitedKeptMs / 2) return
      void cache.setMark(`limited ${url}`, Date.now(), limitedKeptMs)
    }
  }
}

/**
 * Whether every host the report reached passes the address policy of this run, by its URL or the private address
 * its name stood for: one cache (a shared Redis) serves jobs that allow other private ranges. The final URL is the
 * one a failed fetch ended on.
 */
function allowedNow(report: SourceReport, addresses: AddressPolicy): boolean {
  const allowed = (hop: Pick<Hop, 'url' | 'address'>): boolean =>
    hostAllowed(hop.url, addresses) && (hop.address === undefined || addresses.check(hop.address).ok)
  return [...report.hops, {url: report.finalUrl}].every(allowed)
}

function hostAllowed(url: string, addresses: AddressPolicy): boolean {
  try {
    return checkHost(new URL(url), addresses).ok
  } catch {
    return false
  }
}

/** A background fetch (`cacheOnly: 'background'`): its report once answered, kept until `expires` (ms since the epoch). */
interface BackgroundFetch {
  report?: SourceReport
  expires: number
}

/** Background answers kept in memory (an editor session's worth of URLs). */
const maxBackground = 10_000

function notYetChecked(url: string, reason = 'not yet checked: cache only'): SourceReport {
  const redacted = redactUrl(url)
  return {
    url: redacted,
    finalUrl: redacted,
    hops: [],
    status: undefined,
    liveness: 'unverified',
    reason,
    errorCode: undefined,
    permanentRedirect: false,
    page: undefined,
    elapsedMs: 0,
    checkedAt: new Date().toISOString()
  }
}

/** The transport, with `save` writing what a recording gathered so far (see recordTransport). */
function makeTransport(
  settings: Settings,
  addresses: AddressPolicy,
  warn: (message: string) => void
): {transport: Transport; save: () => void; close: () => Promise<void>} {
  const offline = settings.offline
  if (offline && !offline.record) {
    return {transport: replayTransport(openCheckedFixtures(offline).fixtures), save: () => {}, close: async () => {}}
  }
  const resolve = settings.resolve ?? systemResolve(addresses.allowPrivate.length > 0)
  const agent = createAgent({resolve, addresses, connectTimeoutMs: settings.timeout})
  const proxies = settings.proxy && new Proxies(settings.proxy, resolve, addresses, settings.timeout)
  const network = {agent, proxies, hostHeaders: settings.hostHeaders, timeoutMs: settings.timeout, maxBytes: settings.maxBodySize}
  const live = liveTransport(network)
  let recording: ReturnType<typeof recordTransport> | undefined
  if (offline) {
    const {path, fixtures} = openCheckedFixtures(offline)
    recording = recordTransport(live, path, fixtures, warn)
  }
  return {
    transport: recording?.transport ?? live,
    save: () => recording?.save(),
    close: async () => {
      recording?.save()
      await Promise.all([agent.close(), proxies?.close()])
    }
  }
}
