// How long a SourceReport may be reused, by outcome. Pure: no clock, no I/O.
//
// Only outcomes that say something about the source are cached. Outcomes that say something
// about this run (a timeout, a 5xx, a 429, a reset, an internal error) are never cached by
// default, so one bad minute does not stick for a day (lychee's history: cache successes and
// stable failures, never errors). `unsafe` and `malformed` are decided without fetching, and
// `unverified` means "we do not know": those three and `error` are never cached, whatever the
// policy says.

import type {SourceReport} from '../types.js'
import {show} from '../validate.js'
import {isTransient} from '../verify/retry.js'

const hour = 60 * 60 * 1000
const day = 24 * hour

/** Milliseconds a report of each class is kept; `0` means never cached. */
export interface TtlPolicy {
  /** `alive`: 2xx, also after a redirect. */
  alive: number
  /** `dead` with a status: 404, 410. Short: a hard 404 may be a deploy in progress. */
  notFound: number
  /** `dead` without a usable answer: no such host, connection refused, redirect loop. */
  unreachable: number
  /** `paywalled`: 401 / 402 / 403 with paywall or login signs. */
  paywalled: number
  /** `forbidden`: 401 / 402 / 403 without a better explanation. */
  forbidden: number
  /** `blocked` by a bot wall or challenge page (not a 429). */
  botWall: number
  /** `too-many-redirects`: a chain longer than the cap that does not loop. */
  tooManyRedirects: number
  /** `unexpected-status`: another 4xx, or a 3xx without a location. */
  unexpectedStatus: number
  /** `blocked` because of 429 after retries (reason starts with `rate limited`). */
  rateLimited: number
  /** `timeout`: no answer within the limit, after a retry. */
  timeout: number
  /** `server-error`: 5xx; also any other status retries take as passing (408), whatever the page says. */
  serverError: number
  /** `network-error`: reset, TLS or protocol failure. */
  networkError: number
  /** A paper's registry knows its identifier (DOI, arXiv id, PMID): its metadata and notices. */
  registered: number
  /** A paper's registry answered and does not know its identifier. Short: a DOI may be registered minutes after minting. */
  unregistered: number
}

export type TtlClass = keyof TtlPolicy

export const defaultTtlPolicy: Readonly<TtlPolicy> = Object.freeze({
  alive: day,
  notFound: hour,
  unreachable: hour,
  paywalled: day,
  forbidden: day,
  botWall: day,
  tooManyRedirects: day,
  unexpectedStatus: hour,
  rateLimited: 0,
  timeout: 0,
  serverError: 0,
  networkError: 0,
  registered: day,
  unregistered: hour
})

export const ttlClasses = Object.keys(defaultTtlPolicy) as TtlClass[]

/**
 * The defaults with `overrides` applied. Throws a RangeError that names the class for an
 * unknown class or a value that is not a number of milliseconds from 0 to Number.MAX_SAFE_INTEGER.
 */
export function resolveTtlPolicy(overrides?: Partial<TtlPolicy> | null): TtlPolicy {
  const policy: TtlPolicy = {...defaultTtlPolicy}
  if (overrides === null || overrides === undefined) return policy
  if (typeof overrides !== 'object' || Array.isArray(overrides)) {
    throw new RangeError(`Unexpected \`cacheTtl\` \`${show(overrides)}\`, expected an object such as \`{alive: 604800000}\` (milliseconds by outcome class)`)
  }
  for (const [name, value] of Object.entries(overrides)) {
    if (!(ttlClasses as string[]).includes(name)) {
      throw new RangeError(
        `Unexpected \`cacheTtl\` class \`${name}\`, expected one of ${ttlClasses.map((item) => '`' + item + '`').join(', ')}`
      )
    }
    if (value === undefined) continue
    // A longer one is no expiry the stores can keep: Redis refuses it (and with it the whole cache, for the run), and
    // from 1e21 JSON writes it as `1e+21`, which the folder's sweep reads as a time long past.
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > Number.MAX_SAFE_INTEGER) {
      throw new RangeError(`Unexpected \`cacheTtl.${name}\` \`${show(value)}\`, expected milliseconds from 0 to ${Number.MAX_SAFE_INTEGER} (0 = never cache)`)
    }
    policy[name as TtlClass] = Math.round(value)
  }
  return policy
}

/** The TTL class of a report, or undefined when its outcome is never cached. */
export function ttlClass(report: Pick<SourceReport, 'liveness' | 'status' | 'reason'>): TtlClass | undefined {
  // One rule with the retries: what they try again (408, 429, 5xx) was this moment's answer, a bot wall's 503 too.
  if (report.status !== undefined && isTransient(report.status)) return report.status === 429 ? 'rateLimited' : 'serverError'
  switch (report.liveness) {
    case 'alive':
      return 'alive'
    case 'dead':
      return report.status === 404 || report.status === 410 ? 'notFound' : 'unreachable'
    case 'paywalled':
      return 'paywalled'
    case 'forbidden':
      return 'forbidden'
    case 'blocked':
      return report.status === 429 || /^rate limited\b/i.test(report.reason) ? 'rateLimited' : 'botWall'
    case 'too-many-redirects':
      return 'tooManyRedirects'
    case 'unexpected-status':
      return 'unexpectedStatus'
    case 'timeout':
      return 'timeout'
    case 'server-error':
      return 'serverError'
    case 'network-error':
      return 'networkError'
    // Decided without fetching, not known, or our own failure: never cached.
    case 'unsafe':
    case 'malformed':
    case 'unverified':
    case 'error':
      return undefined
  }
}

/**
 * Milliseconds to keep `report`, or undefined when it must not be cached (also a page cut short: see
 * `PageFacts.cutShort`). A paper's report holds two answers, the landing page's and the registry's: it is kept as
 * long as the shorter-lived of them, and not at all when the registry could not say (`unverified`), so the next run
 * asks again.
 */
export function ttlFor(
  report: Pick<SourceReport, 'liveness' | 'status' | 'reason' | 'work'> & Partial<Pick<SourceReport, 'page'>>,
  policy: TtlPolicy = defaultTtlPolicy
): number | undefined {
  // A page cut short by this run's trouble says as little about the source as the timeout or reset that cut it.
  if (report.page?.cutShort) return undefined
  const names = [ttlClass(report), ...(report.work ? [workTtlClass(report.work)] : [])]
  if (names.includes(undefined)) return undefined
  const ttl = Math.min(...names.map((name) => policy[name!]))
  return ttl > 0 ? ttl : undefined
}

/**
 * The TTL class of a registry's answer, or undefined when it is not cached: `unverified`, and a work found with a
 * `reason`, whose metadata or notices a registry did not give this time (doi.org knows the DOI, Crossref answered
 * 503): kept for a day, it would hide a retraction for that day.
 */
export function workTtlClass(work: NonNullable<SourceReport['work']>): TtlClass | undefined {
  if (work.outcome === 'found') return work.reason === undefined ? 'registered' : undefined
  return work.outcome === 'missing' ? 'unregistered' : undefined
}
