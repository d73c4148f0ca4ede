// Tracking parameters in a cited URL (`?utm_source=chatgpt.com`, `fbclid=…`): which, and the URL without them. Pure.

import {code} from '../code-span.js'
import {parseUrl, percentDecode} from '../net/parse-url.js'
import {redactWrittenUrl} from '../net/redact.js'
import type {Citation, SourceReport} from '../types.js'
import {optionsObject, strings} from '../validate.js'
import {shownUrl, type Verdict} from './verdict.js'

/**
 * Parameters that only tell an analytics or ad platform where a click came from (or who shared it), from each
 * vendor's own documentation of what it appends; none selects what the page shows. `utm_*` (Google Analytics'
 * campaign tags, which ChatGPT appends as `utm_source=chatgpt.com`) is matched by its prefix.
 */
const tracking = new Set([
  'fbclid', // Meta: click id on links leaving Facebook and Instagram
  'gclid', // Google Ads auto-tagging
  'dclid', // Google Campaign Manager 360 / Display & Video 360
  'gbraid', // Google Ads, app campaigns (iOS)
  'wbraid', // Google Ads, web to app (iOS)
  'srsltid', // Google Merchant Center auto-tagging, on links in Google's search results
  'msclkid', // Microsoft Advertising auto-tagging
  'yclid', // Yandex Direct
  'twclid', // X (Twitter) Ads
  'ttclid', // TikTok Ads
  'li_fat_id', // LinkedIn Ads first-party tracking
  'mc_cid', // Mailchimp campaign id
  'mc_eid', // Mailchimp subscriber id: names the reader who shared the link
  '_hsenc', // HubSpot email tracking
  '_hsmi', // HubSpot email tracking
  'igshid' // Instagram share id (names the sharer)
])

/**
 * Share ids that name the sharer on their own sites only (the share buttons of YouTube, Spotify and Instagram add
 * them); elsewhere `si` may select content. A Map: the names come from the URL, where `?constructor=1` would find
 * an object's inherited `constructor`.
 */
const sharedOn = new Map([
  ['si', ['youtube.com', 'youtu.be', 'open.spotify.com']],
  ['igsh', ['instagram.com']]
])

export interface TrackingOptions {
  /** Parameter names, lower-cased, that a team keeps on purpose. */
  allow: ReadonlySet<string>
}

export function parseTrackingOptions(value: unknown): TrackingOptions {
  const given = optionsObject(value, ['allow'])
  return {allow: new Set(strings(given, 'allow', 'a parameter name').map((name) => name.toLowerCase()))}
}

/** The tracking parameters of `url` as written (`name=value`) and the URL without them, or undefined when it has none. */
export function withoutTracking(url: string, allow: ReadonlySet<string>): {params: string[]; url: string} | undefined {
  return withoutParams(url, (name, host) => !allow.has(name) && isTracking(name, host))
}

/** Whether a parameter `name` (decoded, lower-cased) only tracks, on `host`. */
function isTracking(name: string, host: string): boolean {
  return name.startsWith('utm_') || tracking.has(name) || (sharedOn.get(name)?.some((site) => host === site || host.endsWith(`.${site}`)) ?? false)
}

/**
 * The query parameters of an http(s) `url` that `drop` names (given the name decoded and lower-cased, and the host),
 * as written, and the URL without them; undefined when there are none.
 */
export function withoutParams(url: string, drop: (name: string, host: string) => boolean): {params: string[]; url: string} | undefined {
  // Worked on the text as written, so every other parameter keeps its order and encoding, and the fragment stays.
  const hash = url.indexOf('#')
  const head = hash === -1 ? url : url.slice(0, hash)
  const mark = head.indexOf('?')
  if (mark === -1) return undefined
  // Parsed only for a URL with a query, most have none.
  const parsed = parseUrl(url)
  if (parsed?.protocol !== 'http:' && parsed?.protocol !== 'https:') return undefined
  const host = parsed.hostname.toLowerCase()
  const dropped = (param: string) => drop(paramName(param), host)
  const pairs = head.slice(mark + 1).split('&')
  const params = pairs.filter(dropped)
  if (params.length === 0) return undefined
  const query = pairs.filter((pair) => !dropped(pair)).join('&')
  return {params, url: head.slice(0, mark) + (query === '' ? '' : `?${query}`) + (hash === -1 ? '' : url.slice(hash))}
}

/**
 * A permanent redirect's end, which a fix writes, less the tracking parameters the redirect added (a shortened link's
 * `?utm_source=twitter`): nobody wrote them, and the next check would report them. Those the cited URL had are
 * `judgeTracking`'s to take off, as its options say.
 */
export function redirectEnd(citation: Citation, report: SourceReport): string {
  const cited = paramNames(citation.url)
  return withoutParams(report.finalUrl, (name, host) => !cited.has(name) && isTracking(name, host))?.url ?? report.finalUrl
}

/** The names of the query parameters of `url`, decoded and lower-cased. */
export function paramNames(url: string): Set<string> {
  const head = url.replace(/#.*$/s, '')
  const mark = head.indexOf('?')
  return new Set(mark === -1 ? [] : head.slice(mark + 1).split('&').map(paramName))
}

function paramName(param: string): string {
  return percentDecode(param.split('=', 1)[0]!).toLowerCase()
}

/**
 * A citation whose URL carries tracking parameters, with the URL without them as the fix. Not at a reference
 * (`[text][id]`), whose URL is its definition's, reported and fixed there; nor at a mention (a badge, a handle).
 */
export function judgeTracking(citation: Citation, options: TrackingOptions): Verdict | undefined {
  if (citation.kind === 'reference' || citation.mention) return undefined
  const found = withoutTracking(citation.url, options.allow)
  if (!found) return undefined
  // Shown as reports show the URL: a secret's value redacted.
  const shown = withoutTracking(redactWrittenUrl(citation.url), options.allow)?.params ?? found.params
  const one = shown.length === 1
  return {
    status: 'valid',
    action: 'flagged',
    rule: 'citation-tracking-params',
    message: `Unexpected tracking ${one ? 'parameter' : 'parameters'} ${shown.map(code).join(', ')} in citation ${shownUrl(citation.url)}, expected the address without ${one ? 'it' : 'them'}`,
    expected: found.url
  }
}
