// One URL, hop by hop: the URL policy on every hop, retries, redirects, reading the last page.

import {performance} from 'node:perf_hooks'
import type {AddressPolicy} from '../net/address.js'
import {NetError} from '../net/errors.js'
import {parseUrl, withoutTrailingSlashes} from '../net/parse-url.js'
import {checkHop} from '../net/policy.js'
import {redactUrl, redactUrlPart} from '../net/redact.js'
import type {PageReader} from '../page/reader.js'
import type {Hop, PageDepth, PageFacts, SourceReport} from '../types.js'
import {statusLine} from '../net/status-line.js'
import {classifyError, classifyResponse, type Classified} from './classify.js'
import {CookieJar} from './cookie-jar.js'
import {notRecordedReason, NotRecordedError} from './fixtures.js'
import {longestWaitMs, parseRetryAfter, retryDelay, type RetryPolicy} from './retry.js'
import type {Scheduler, Sending} from './scheduler.js'
import type {HopResponse, Transport} from './transport.js'

/** Bytes read of a page when only its top is wanted: enough for the head, its metas and a first heading. */
export const topOfPageBytes = 256 * 1024

export interface InspectDeps {
  transport: Transport
  scheduler: Scheduler
  addresses: AddressPolicy
  maxRedirects: number
  timeoutMs: number
  retry: RetryPolicy
  sleep: (ms: number) => Promise<void>
  /**
   * Reads each answer's page (on a thread of its own when it can); with `room`, a request waits to leave until
   * the pages fetched before it are read (see page/budget.ts).
   */
  pages: PageReader & {room?(): Promise<void>}
  /**
   * URLs still rate limited after all their tries, as recent runs sharing the cache saw them: such a URL's 429 is
   * not tried again (a site that turns this checker away every time is not asked three times per run).
   */
  limited?: {known(url: string): Promise<boolean>; keep(url: string): void} | undefined
}

interface Outcome extends Classified {
  status?: number
  errorCode?: string
  page?: PageFacts
}

export async function inspect(url: string, deps: InspectDeps, depth: PageDepth = 'full'): Promise<SourceReport> {
  const started = performance.now()
  const hops: Hop[] = []
  let outcome: Outcome
  try {
    outcome = await follow(url, hops, deps, depth === 'top' ? topOfPageBytes : undefined)
  } catch (error) {
    outcome =
      error instanceof NotRecordedError
        ? {liveness: 'unverified', reason: notRecordedReason(error, hops.length > 0)}
        : {liveness: 'error', reason: `internal error: ${(error as Error).message ?? String(error)}`}
  }
  const last = hops.at(-1)
  return {
    url: redactUrl(url),
    finalUrl: redactUrl(last?.location ?? last?.url ?? url),
    hops: hops.map((hop) => ({...hop, url: redactUrl(hop.url), ...(hop.location ? {location: redactUrl(hop.location)} : {})})),
    status: outcome.status,
    liveness: outcome.liveness,
    reason: outcome.reason,
    errorCode: outcome.errorCode,
    permanentRedirect: hops.some((hop) => hop.location) && hops.every((hop) => !hop.location || hop.status === 301 || hop.status === 308),
    page: outcome.page,
    elapsedMs: Math.round(performance.now() - started),
    checkedAt: new Date().toISOString()
  }
}

async function follow(start: string, hops: Hop[], deps: InspectDeps, maxBytes: number | undefined): Promise<Outcome> {
  /** URLs asked, each with the cookies it was asked with: a consent check redirects to itself once it set one. */
  const visited = new Set<string>()
  const cookies = new CookieJar()
  let current = start
  for (;;) {
    const verdict = checkHop(current, deps.addresses, hops.length === 0)
    if (!verdict.ok) {
      const liveness = verdict.code === 'malformed' ? 'malformed' : 'unsafe'
      return {liveness, reason: hops.length === 0 ? verdict.reason : `redirect to ${verdict.reason}`}
    }
    const sent = cookies.header(verdict.url.hostname)
    visited.add(`${verdict.url.href} ${sent ?? ''}`)
    const answer = await attempt(verdict.url, deps, maxBytes, sent === undefined ? undefined : {cookie: sent}, hops.length > 0)
    if (answer instanceof NetError) {
      const classified = classifyError(answer, verdict.url.hostname, deps.timeoutMs)
      if (hops.length > 0 && classified.liveness === 'unsafe') classified.reason = `redirect to ${classified.reason}`
      return {...classified, errorCode: answer.code}
    }
    // A redirect's own page is never judged: reading it would only wait behind the pages being read (seconds, when
    // the page thread is busy), and the next hop with it.
    const page = redirected(answer)
      ? undefined
      : await deps.pages.read({url: answer.url, status: answer.status, headers: answer.headers, body: answer.body, truncated: answer.truncated})
    // Cut at the top-of-page limit, not at the size cap: a rule that wants the whole page must fetch again. So must
    // a page cut by this run's trouble (its deadline, a reset), and so must any run: the cache keeps no timeout for a
    // day, nor its part (kept, it served the runs that read only the top, a title cut off included).
    if (page && answer.truncated && ((maxBytes !== undefined && answer.body.length >= maxBytes) || answer.bodyError)) page.partial = true
    if (page && answer.truncated && answer.bodyError) page.cutShort = true
    const next = nextLocation(answer, page)
    const hop: Hop = {url: current, status: answer.status, ...privateAddress(verdict.url.hostname, deps.addresses)}
    if (next === undefined) {
      hops.push(hop)
      return {...classifyResponse(answer.status, answer.statusText, page, answer.url, anotherPage(start, answer.url) ? answer.url : undefined), status: answer.status, page}
    }
    if (next === null) {
      hops.push(hop)
      return {liveness: 'unexpected-status', reason: `${statusLine(answer.status, answer.statusText)} to a malformed location`, status: answer.status}
    }
    hops.push({...hop, location: next.href, ...(next.fragment === undefined ? {} : {fragment: next.fragment})})
    cookies.take(verdict.url.hostname, answer.headers['set-cookie'])
    if (visited.has(`${next.href} ${cookies.header(new URL(next.href).hostname) ?? ''}`)) return {liveness: 'dead', reason: 'redirect loop', status: answer.status}
    if (hops.length > deps.maxRedirects) {
      return {liveness: 'too-many-redirects', reason: `more than ${deps.maxRedirects} redirects`, status: answer.status}
    }
    current = next.href
  }
}

/**
 * Whether a redirect chain from `from` ended on another page: not the same one at its canonical address (another
 * scheme, with or without `www.`, a folder's `index.html` or `index.php`, a trailing slash, capitals). Only another
 * page is a sign-in page the reader was sent to; the cited page itself, reached at `https://www.`, is what it is,
 * whatever login box its header holds.
 */
function anotherPage(from: string, to: string): boolean {
  const [a, b] = [parseUrl(from), parseUrl(to)]
  if (!a || !b) return from !== to
  const page = (url: URL): string =>
    `${url.hostname.replace(/^www\./, '')}${withoutTrailingSlashes(url.pathname.replace(/\/index\.(?:html?|php)$/i, '/'))}`.toLowerCase()
  return page(a) !== page(b)
}

/** The private address a host name stood for, when the allowed private ranges let it through (see `Hop.address`). */
function privateAddress(host: string, addresses: AddressPolicy): Pick<Hop, 'address'> {
  const address = addresses.privateHosts.get(host)
  return address === undefined ? {} : {address}
}

/** A 3xx answer that names where to go. */
function redirected(answer: HopResponse): boolean {
  return answer.status >= 300 && answer.status < 400 && (answer.headers.location ?? '').trim() !== ''
}

/**
 * Where a response sends the reader: a Location header, or an HTML refresh on a 2xx page, and the fragment it
 * names (kept apart: it is not fetched). Null: unparsable.
 */
function nextLocation(answer: HopResponse, page: PageFacts | undefined): {href: string; fragment?: string} | null | undefined {
  let target: string | undefined
  if (answer.status >= 300 && answer.status < 400) target = answer.headers.location
  else if (answer.status >= 200 && answer.status < 300) target = page?.refresh
  if (target === undefined || target.trim() === '') return undefined
  try {
    const url = new URL(target, answer.url)
    const fragment = url.hash.slice(1)
    url.hash = ''
    if (url.href === answer.url && answer.status < 300) return undefined
    // A fragment is the server's own (an OAuth redirect's `#access_token=…`): one redaction would touch is not kept.
    return fragment === '' || redactUrlPart(`#${fragment}`) !== `#${fragment}` ? {href: url.href} : {href: url.href, fragment}
  } catch {
    return null
  }
}

/**
 * One hop through the scheduler, retried as the policy says; pages and registry requests alike. A hop after a
 * redirect (`resumed`) goes before its host's new requests; a retry goes behind them (see `RunOptions.resumed`).
 */
export async function attempt(
  url: URL,
  deps: InspectDeps,
  maxBytes: number | undefined,
  headers?: Record<string, string>,
  resumed = false
): Promise<HopResponse | NetError> {
  let alone = false
  /** Whether this URL met a 429 on an earlier try (see `Scheduler.accepted`). */
  let refused = false
  for (let count = 1; ; count++) {
    let sent: Sending = {inFlight: 1, overlap: 1}
    const outcome = await deps.scheduler.run(
      url.hostname,
      async (sending) => {
        sent = sending
        // Here, as the request is about to leave, not when it was asked for: a run asks for every URL at once.
        await deps.pages.room?.()
        // Also for a request queued before the host asked for its pause.
        const paused = deps.scheduler.pausedUntil(url.hostname)
        if (paused > Date.now()) return new NetError('EPAUSED', `not asked: the host asked for a pause until ${new Date(paused).toISOString().replace(/\.\d+Z$/, 'Z')}`)
        deps.scheduler.leaving(url.hostname)
        try {
          return await deps.transport(url, maxBytes, headers)
        } catch (error) {
          if (error instanceof NetError) return error
          throw error
        }
      },
      {resumed, alone}
    )
    let wait = retryDelay(outcome, count, deps.retry)
    if (!(outcome instanceof NetError)) {
      if (outcome.status === 429) deps.scheduler.slowDown(url.hostname, wait, refused)
      else deps.scheduler.accepted(url.hostname, sent.overlap, refused)
      refused ||= outcome.status === 429
      // Rate limited after all its tries in a recent run too: no retries this time (unless the host was busy, below).
      if (outcome.status === 429 && count === 1 && (await deps.limited?.known(url.href))) wait = undefined
      // A last 429 that came with other requests to the host in flight, from a host that takes some, may be the
      // host counting ours rather than refusing this URL: which URLs of a busy host end "rate limited" would vary
      // from run to run. One more try, alone on the host and after the wait a first 429 gets, decides.
      if (wait === undefined && outcome.status === 429 && sent.inFlight > 1 && !alone && deps.scheduler.tookAny(url.hostname)) {
        wait = retryDelay(outcome, 1, deps.retry)
        alone = true
      }
    }
    if (wait === undefined) {
      // A 429 asking for a longer pause than retries wait speaks for the host (GitHub's limits are per client): its
      // other URLs are not asked until the pause ends, where each would only earn another 429.
      if (outcome instanceof NetError || outcome.status !== 429) return outcome
      const asked = parseRetryAfter(outcome.headers['retry-after'])
      if (asked !== undefined && asked > longestWaitMs) deps.scheduler.pause(url.hostname, Date.now() + asked)
      deps.limited?.keep(url.href)
      return outcome
    }
    await deps.sleep(wait)
  }
}
