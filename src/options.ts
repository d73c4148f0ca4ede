// Settings shared by every rule: defaults, validation with messages that name the option.

import {isIP} from 'node:net'
import {cacheOptionProblem, type CacheOption} from './cache/option.js'
import {resolveTtlPolicy, type TtlPolicy} from './cache/ttl.js'
import {AddressPolicy} from './net/address.js'
import type {Resolve} from './net/lookup.js'
import {normalizeHostname} from './net/names.js'
import {proxyRoute, type ProxyRoute} from './net/proxy-route.js'
import {REDACTED, redactUrl} from './net/redact.js'
import {configureOptionNames} from './option-names.js'
import {endpointOptions, type Endpoints} from './resolve/endpoints.js'
import type {HostLimits} from './types.js'
import {integer, isString, list, longestTimerMs, oneOf, optionalFunction, optionsObject, OptionsError, show} from './validate.js'

export {OptionsError} from './validate.js'

/** What a user may pass to the `configure` plugin (all optional). */
export interface Options {
  /** Time limit for one request, connect to last byte, in milliseconds (default `5000`). */
  timeout?: number | null | undefined
  /** Redirect hops followed before giving up (default `5`). */
  maxRedirects?: number | null | undefined
  /** Bytes of body read per page, counted after decompression (default `2_000_000`). */
  maxBodySize?: number | null | undefined
  /** Requests in flight at once, over all hosts (default `192`). */
  concurrency?: number | null | undefined
  /** Requests in flight at once to one host (default `4`); each 429 lowers it by one for the run. */
  hostConcurrency?: number | null | undefined
  /** Milliseconds between the starts of two requests to one host (default `50`). */
  hostInterval?: number | null | undefined
  /**
   * Per-host overrides, e.g. `{'github.com': {concurrency: 1, interval: 1000}}`, and request headers sent to that
   * host only (`{'docs.internal.example': {headers: {authorization: 'Bearer …'}}}`).
   */
  hosts?: Record<string, Partial<HostLimits> & {headers?: Record<string, string>}> | null | undefined
  /** Retries for 408, 429, 5xx, connection resets and unanswered DNS lookups, with exponential backoff (default `2`; timeouts get one). */
  retries?: number | null | undefined
  /** Persistent cache: a folder (default `node_modules/.cache/remark-lint-citations/`), a `redis://` URL, or `false`. */
  cache?: string | false | null | undefined
  /** How long each class of outcome is kept, in ms (`0`: never), over the defaults: `{alive: 7 * 24 * 3600 * 1000}`. */
  cacheTtl?: Partial<TtlPolicy> | null | undefined
  /**
   * Answer from the cache only and report the rest as not yet checked (editors: no fetching per keystroke);
   * `'background'`: the same at once, while each uncached URL is fetched once in the background for the next run.
   * An offline replay fetches nothing: its fixtures answer all the same.
   */
  cacheOnly?: boolean | 'background' | null | undefined
  /**
   * A page found dead (404, 410, no such host, refused) is an error only once it has been dead this long (ms), as
   * seen by runs sharing the `cache`; until then it is flagged. `false` (default): an error at once.
   */
  confirmDead?: number | false | null | undefined
  /** What a timeout means: `'flagged'` (default: no answer is not proof of death) or `'removed'`. */
  timeoutAction?: 'flagged' | 'removed' | null | undefined
  /** URLs not to check: regular expressions, or strings compiled as such. */
  skip?: ReadonlyArray<RegExp | string> | null | undefined
  /** MDX: element name → attributes holding a cited URL (default `{a: ['href']}`, merged with yours). */
  jsxAttributes?: Record<string, readonly string[]> | null | undefined
  /** Hosts whose job is to redirect elsewhere, so a cross-site redirect from them is fine (added to the built-in list). */
  redirectResolvers?: readonly string[] | null | undefined
  /**
   * UNSAFE: address ranges (CIDR, e.g. `'127.0.0.0/8'`) that may be fetched although they are
   * private, loopback or reserved. For tests and internal docs only; empty by default.
   */
  allowPrivateAddresses?: readonly string[] | null | undefined
  /** Replay recorded responses instead of the network, or record them (`record: true`). */
  offline?: {fixtures: string; record?: boolean | null | undefined} | null | undefined
  /** Host name resolver (custom DNS, tests). Default: the system resolver. */
  resolve?: Resolve | null | undefined
  /**
   * An HTTP proxy for every request (`'http://proxy.internal:3128'`), or `false` to ignore the environment. Default:
   * `https_proxy`, `http_proxy` and `no_proxy` from the environment (either case), as curl reads them.
   */
  proxy?: string | false | null | undefined
  /**
   * Where DOIs, arXiv ids and PubMed ids are looked up, and a contact for the registries' polite pools:
   * `{mailto: 'you@example.org'}`; base URLs `doiBase`, `crossrefBase`, `dataciteBase`, `arxivBase`,
   * `eutilsBase`, `waybackBase` (tests, mirrors). Defaults: the public services, no contact.
   */
  registries?: Partial<Endpoints> | null | undefined
  /**
   * `{token}`: github.com citations the page left unsettled (rate limited, a 404 that may be private) are asked of
   * the REST API with this token; `apiBase` for GitHub Enterprise or tests. Never logged, cached or recorded.
   */
  github?: {token?: string | null | undefined; apiBase?: string | null | undefined} | null | undefined
  /**
   * Look up the closest Wayback Machine copy of each dead citation and offer it as the fix: `true`, or
   * `{accessDate: '2021-03-04'}` for the copy nearest that date when the text gives none. Off by default.
   */
  archive?: boolean | {accessDate?: string | Date | null | undefined} | null | undefined
}

/** How repositories on github.com are asked about (see verify/github.ts). */
export interface GitHubSettings {
  /** A token (a workflow's `GITHUB_TOKEN` will do); without one nothing is asked. */
  token: string | undefined
  /** The REST API's base URL (tests, GitHub Enterprise). */
  apiBase: string
}

const defaultGitHubApi = 'https://api.github.com'

/** Settings after defaults and validation. */
export interface Settings {
  timeout: number
  maxRedirects: number
  maxBodySize: number
  concurrency: number
  hostConcurrency: number
  hostInterval: number
  hosts: Record<string, Partial<HostLimits>>
  /** Request headers by host name (`hosts[h].headers`), sent to that host only. */
  hostHeaders: Record<string, Record<string, string>>
  retries: number
  cache: CacheOption
  cacheTtl: TtlPolicy
  cacheOnly: boolean | 'background'
  /** ms a page must have been dead to be an error; 0: at once. */
  confirmDead: number
  timeoutAction: 'flagged' | 'removed'
  skip: RegExp[]
  jsxAttributes: Record<string, string[]>
  redirectResolvers: string[]
  allowPrivateAddresses: string[]
  offline: {fixtures: string; record: boolean} | undefined
  resolve: Resolve | undefined
  /** Undefined: every request goes direct. */
  proxy: ProxyRoute | undefined
  registries: Endpoints
  /** `false`: no archive lookups; else the access date to use when the citation gives none. */
  archive: false | {accessDate: Date | undefined}
  github: GitHubSettings
}

/**
 * The registries' published rate limits, under any `hosts` of yours: the arXiv API asks for one request per three
 * seconds, E-utilities allows three per second without an API key.
 */
export const registryHostLimits: Record<string, Partial<HostLimits>> = {
  'export.arxiv.org': {concurrency: 1, interval: 3000},
  'eutils.ncbi.nlm.nih.gov': {interval: 340}
}

/** Hosts whose whole job is to redirect: identifiers and permanent-URL services. */
export const defaultRedirectResolvers = [
  'doi.org',
  'dx.doi.org',
  'hdl.handle.net',
  'purl.org',
  'n2t.net',
  'identifiers.org',
  'arks.org',
  'w3id.org',
  'perma.cc',
  'archive.org',
  'pubmed.ncbi.nlm.nih.gov',
  'ncbi.nlm.nih.gov'
]


export function resolveSettings(options: unknown): Settings {
  const given = optionsObject(options, configureOptionNames)
  const offlineMode = offline(given.offline)
  const settings: Settings = {
    timeout: integer(given, 'timeout', 5000, 1, longestTimerMs),
    maxRedirects: integer(given, 'maxRedirects', 5, 0),
    maxBodySize: integer(given, 'maxBodySize', 2_000_000, 1024),
    concurrency: integer(given, 'concurrency', 192, 1),
    hostConcurrency: integer(given, 'hostConcurrency', 4, 1),
    hostInterval: integer(given, 'hostInterval', 50, 0, longestTimerMs),
    hosts: {...registryHostLimits, ...hostOverrides(given.hosts)},
    hostHeaders: hostHeaders(given.hosts),
    retries: integer(given, 'retries', 2, 0),
    cache: cacheOption(given.cache),
    cacheTtl: cacheTtl(given.cacheTtl),
    cacheOnly: cacheOnly(given.cacheOnly, given.cache, offlineMode !== undefined && !offlineMode.record),
    confirmDead: confirmDead(given),
    timeoutAction: oneOf(given, 'timeoutAction', ['flagged', 'removed'] as const, 'flagged'),
    skip: list(given, 'skip', (value) => value instanceof RegExp || typeof value === 'string', 'a RegExp or string').map(
      (value) => compilePattern(value as RegExp | string)
    ),
    jsxAttributes: jsxAttributes(given.jsxAttributes),
    redirectResolvers: [
      ...defaultRedirectResolvers,
      ...(list(given, 'redirectResolvers', isString, 'a host name') as string[]).map((host) => host.toLowerCase())
    ],
    allowPrivateAddresses: addressRanges(list(given, 'allowPrivateAddresses', isString, 'a CIDR such as `127.0.0.0/8`') as string[]),
    offline: offlineMode,
    resolve: optionalFunction(given, 'resolve') as Resolve | undefined,
    proxy: proxy(given.proxy),
    registries: endpointOptions(given.registries, 'registries.'),
    archive: archive(given.archive),
    github: github(given.github)
  }
  givenOptions.set(settings, {options})
  return settings
}

/** The options each Settings was resolved from: a verifier thread resolves them again (Settings hold class instances). */
const givenOptions = new WeakMap<Settings, {options: unknown}>()

/** What `resolveSettings` was given for `settings`; undefined for settings made by hand. */
export function sourceOptions(settings: Settings): {options: unknown} | undefined {
  return givenOptions.get(settings)
}

function proxy(value: unknown): ProxyRoute | undefined {
  if (value !== null && value !== undefined && value !== false && typeof value !== 'string') {
    throw new OptionsError(`Unexpected \`proxy\` \`${show(value)}\`, expected \`false\` or an http:// or https:// URL such as \`http://proxy.internal:3128\``)
  }
  try {
    return proxyRoute((value ?? undefined) as string | false | undefined, process.env)
  } catch (error) {
    throw new OptionsError((error as Error).message)
  }
}

function github(value: unknown): GitHubSettings {
  if (value === null || value === undefined) return {token: undefined, apiBase: defaultGitHubApi}
  const expected = "expected `{token: '…'}`, optionally with `apiBase: 'https://…'`"
  // The token is a secret: a message shows the option's shape, never its value.
  if (typeof value !== 'object' || Array.isArray(value)) throw new OptionsError(`Unexpected \`github\`, ${expected}`)
  const given = optionsObject(value, ['token', 'apiBase'], '`github`', 'github.')
  const token = given.token ?? undefined
  if (token !== undefined && (typeof token !== 'string' || token.trim() === '')) {
    throw new OptionsError(`Unexpected \`github.token\` (not a non-empty string), ${expected}`)
  }
  const apiBase = given.apiBase ?? defaultGitHubApi
  if (typeof apiBase !== 'string' || !/^https?:\/\/[^/]/.test(apiBase)) {
    throw new OptionsError(`Unexpected \`github.apiBase\` \`${show(apiBase)}\`, expected an http(s) URL such as \`${defaultGitHubApi}\``)
  }
  return {token: token as string | undefined, apiBase}
}

function archive(value: unknown): Settings['archive'] {
  if (value === null || value === undefined || value === false) return false
  if (value === true) return {accessDate: undefined}
  const expected = "expected `true`, `false` or `{accessDate: '2021-03-04'}`"
  if (typeof value !== 'object' || Array.isArray(value)) throw new OptionsError(`Unexpected \`archive\` \`${show(value)}\`, ${expected}`)
  const given = optionsObject(value, ['accessDate'], '`archive`', 'archive.')
  const date = given.accessDate
  if (date === null || date === undefined) return {accessDate: undefined}
  const parsed = date instanceof Date ? date : typeof date === 'string' && /^\d{4}-\d{2}-\d{2}(?:T.*)?$/.test(date) ? new Date(date) : undefined
  if (parsed === undefined || Number.isNaN(parsed.getTime())) {
    throw new OptionsError(`Unexpected \`archive.accessDate\` \`${show(date)}\`, expected a date such as \`'2021-03-04'\``)
  }
  return {accessDate: parsed}
}




function cacheOnly(value: unknown, cache: unknown, replaying: boolean): Settings['cacheOnly'] {
  if (value === null || value === undefined) return false
  if (value !== true && value !== false && value !== 'background') {
    throw new OptionsError(`Unexpected \`cacheOnly\` \`${show(value)}\`, expected \`true\`, \`false\` or \`'background'\``)
  }
  // A replay fetches nothing and reads no cache: its fixtures answer at once. Under `cacheOnly` (the editor recipe
  // turns it on beside them) every citation was "not yet checked", whatever the fixtures held.
  if (replaying) return false
  // Answers only from a cache, with none: nothing would ever be checked.
  if (value === true && cache === false) throw new OptionsError('Unexpected `cacheOnly` `true` with `cache` `false`, expected a cache to answer from')
  return value
}

function compilePattern(value: RegExp | string): RegExp {
  if (value instanceof RegExp) return value
  try {
    return new RegExp(value)
  } catch (error) {
    throw new OptionsError(`Unexpected \`skip\` pattern \`${value}\`, expected a valid regular expression (${String(error)})`)
  }
}


function confirmDead(given: Record<string, unknown>): number {
  if (given.confirmDead === null || given.confirmDead === undefined || given.confirmDead === false) return 0
  const ms = integer(given, 'confirmDead', 0, 0)
  // The first failure is remembered in the cache: without one, every run would see it first.
  if (ms > 0 && (given.cache === false || (given.offline !== null && given.offline !== undefined))) {
    throw new OptionsError('Unexpected `confirmDead` without a `cache` (offline replays use none), expected a cache to remember when a page was first found dead')
  }
  return ms
}

function cacheTtl(value: unknown): TtlPolicy {
  try {
    return resolveTtlPolicy(value as Partial<TtlPolicy> | null | undefined)
  } catch (error) {
    throw new OptionsError((error as Error).message)
  }
}

function cacheOption(value: unknown): CacheOption {
  if (value === null || value === undefined) return undefined
  const problem = cacheOptionProblem(value)
  if (problem === undefined) return value as CacheOption
  throw new OptionsError(`Unexpected \`cache\` \`${typeof value === 'string' ? shownCache(value) : show(value)}\`, ${problem}`)
}

/**
 * A refused cache value as a message shows it. A Redis URL may carry a password: never echo it, even from a
 * mistyped one (`redis:/user:password@host`) or one whose password holds a raw `/`, `?` or `#` (a generated one
 * may), which no URL parser reads as a password: in a refused URL, all before its last `@` is taken for
 * userinfo. Whitespace at either end, which the URL parser drops, is kept and quoted so the message shows it.
 */
function shownCache(value: string): string {
  const core = value.trim()
  const shown = redactUrl(core).replace(/^([a-z][a-z\d+.-]*:\/*)[\s\S]*@/i, `$1${REDACTED}@`)
  if (core === value) return shown
  const start = value.indexOf(core)
  return JSON.stringify(value.slice(0, start) + shown + value.slice(start + core.length))
}

/** Each entry of the `hosts` option: its key as written, its host name, and what it sets. */
function hostEntries(value: unknown): Array<[string, string, Record<string, unknown>]> {
  if (value === null || value === undefined) return []
  const expected = 'an object such as `{\'github.com\': {concurrency: 1, interval: 1000}}`'
  if (typeof value !== 'object' || Array.isArray(value)) throw new OptionsError(`Unexpected \`hosts\` \`${show(value)}\`, expected ${expected}`)
  return Object.entries(value).map(([host, given]) => {
    if (typeof given !== 'object' || given === null) throw new OptionsError(`Unexpected \`hosts.${host}\` \`${show(given)}\`, expected ${expected}`)
    for (const key of Object.keys(given)) {
      if (key !== 'concurrency' && key !== 'interval' && key !== 'headers') {
        throw new OptionsError(`Unexpected \`hosts.${host}.${key}\`, expected \`concurrency\`, \`interval\` or \`headers\``)
      }
    }
    return [host, hostName(host), given as Record<string, unknown>]
  })
}

function hostOverrides(value: unknown): Record<string, Partial<HostLimits>> {
  const result: Record<string, Partial<HostLimits>> = {}
  for (const [host, name, given] of hostEntries(value)) {
    if (given.concurrency === undefined && given.interval === undefined) continue
    const field = (key: string, min: number, max?: number) => integer({[`hosts.${host}.${key}`]: given[key]}, `hosts.${host}.${key}`, min, min, max)
    result[name] = {
      ...(given.concurrency === undefined ? {} : {concurrency: field('concurrency', 1)}),
      ...(given.interval === undefined ? {} : {interval: field('interval', 0, longestTimerMs)})
    }
  }
  return result
}

/** Headers only the connection or the body may set: a user value would break the request. */
const reservedHeaders = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive', 'upgrade', 'te', 'trailer', 'expect'])

/** `hosts[h].headers`, by host name; names lower-cased. Values are secrets (tokens, cookies): never shown. */
function hostHeaders(value: unknown): Record<string, Record<string, string>> {
  const result: Record<string, Record<string, string>> = {}
  for (const [host, name, given] of hostEntries(value)) {
    if (given.headers === undefined) continue
    const at = `hosts.${host}.headers`
    if (typeof given.headers !== 'object' || given.headers === null || Array.isArray(given.headers)) {
      throw new OptionsError(`Unexpected \`${at}\`, expected an object of header names and values such as \`{authorization: 'Bearer …'}\``)
    }
    const headers: Record<string, string> = {}
    for (const [field, header] of Object.entries(given.headers)) {
      if (!/^[!#$%&'*+.^_`|~\dA-Za-z-]+$/.test(field) || reservedHeaders.has(field.toLowerCase()) || /^proxy-/i.test(field)) {
        throw new OptionsError(`Unexpected header name \`${show(field)}\` in \`${at}\`, expected an HTTP header the request may carry, such as \`authorization\` or \`cookie\``)
      }
      if (typeof header !== 'string' || /[\r\n\0]/.test(header)) {
        throw new OptionsError(`Unexpected value of \`${at}.${field}\` (not shown), expected a string without line breaks`)
      }
      headers[field.toLowerCase()] = header
    }
    result[name] = headers
  }
  return result
}

/**
 * A `hosts` key as the scheduler sees hosts: a URL's host name, lower-case and in punycode (`bücher.de` is
 * `xn--bcher-kva.de`), an IPv6 address in brackets (`::1` is `[::1]`). A port, scheme or path would never match,
 * so it is an error, not a silent no-op.
 */
function hostName(key: string): string {
  // `*.corp.example`: every host under corp.example (see entryForHost).
  const wildcard = key.startsWith('*.')
  const host = wildcard ? key.slice(2) : isIP(key) === 6 ? `[${key}]` : key
  let parsed: URL | undefined
  try {
    parsed = new URL(`http://${host}`)
  } catch {
    parsed = undefined
  }
  // `new URL` drops a default port (`:80`), so a port is also looked for in the key as written (after any `[IPv6]`).
  const port = parsed?.port || /:\d*$/.test(host.replace(/^\[[^\]]*\]/, ''))
  const bare = parsed && !port && !parsed.username && parsed.pathname === '/' && !parsed.search && !parsed.hash && !/[/*]/.test(host)
  if (!parsed || !bare) {
    throw new OptionsError(`Unexpected \`hosts\` key \`${key}\`, expected a host name such as \`github.com\` or \`*.github.io\` (no scheme, port or path)`)
  }
  // Without a trailing dot, as the scheduler and the headers look hosts up (entryForHost): `github.com.` is github.com.
  const name = normalizeHostname(parsed.hostname)
  return wildcard ? `*.${name}` : name
}

function addressRanges(ranges: string[]): string[] {
  ranges.forEach((range, index) => {
    try {
      new AddressPolicy([range])
    } catch {
      throw new OptionsError(
        `Unexpected \`allowPrivateAddresses[${index}]\` \`${range}\`, expected an address range such as \`127.0.0.0/8\` or \`::1/128\``
      )
    }
  })
  return ranges
}

function jsxAttributes(value: unknown): Record<string, string[]> {
  const result: Record<string, string[]> = {a: ['href']}
  if (value === null || value === undefined) return result
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new OptionsError(
      `Unexpected \`jsxAttributes\` \`${show(value)}\`, expected an object such as \`{Cite: ['href']}\``
    )
  }
  for (const [element, attributes] of Object.entries(value)) {
    if (!Array.isArray(attributes) || !attributes.every(isString)) {
      throw new OptionsError(
        `Unexpected \`jsxAttributes.${element}\` \`${show(attributes)}\`, expected an array of attribute names`
      )
    }
    result[element] = attributes
  }
  return result
}

function offline(value: unknown): Settings['offline'] {
  if (value === null || value === undefined) return undefined
  // A misspelt `record` would replay where the user asked to record.
  if (typeof value === 'object' && !Array.isArray(value)) optionsObject(value, ['fixtures', 'record'], '`offline`', 'offline.')
  const fixtures = typeof value === 'object' ? (value as Record<string, unknown>).fixtures : undefined
  const record = typeof value === 'object' ? (value as Record<string, unknown>).record : undefined
  if (typeof fixtures !== 'string' || fixtures === '' || (record !== undefined && record !== null && typeof record !== 'boolean')) {
    throw new OptionsError(
      `Unexpected \`offline\` \`${show(value)}\`, expected \`{fixtures: 'path.json'}\` or \`{fixtures: 'path.json', record: true}\``
    )
  }
  return {fixtures, record: record === true}
}



