// Offline mode: replay recorded hop responses from a JSON file, or record them from a live run.

import {mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync} from 'node:fs'
import {dirname, resolve} from 'node:path'
import {makeFolder} from '../folder.js'
import {isNetErrorCode, NetError, type NetErrorCode} from '../net/errors.js'
import {parseUrl} from '../net/parse-url.js'
import {redactUrl} from '../net/redact.js'
import {replaceFile, temporaryFor} from '../replace-file.js'
import type {HopResponse, Transport} from './transport.js'

/** One recorded answer to one request URL. */
export type FixtureEntry =
  | {status: number; statusText?: string; headers?: Record<string, string>; body?: string; bodyBase64?: string; truncated?: boolean}
  | {error: NetErrorCode; message?: string}

export interface FixtureFile {
  version: 1
  responses: Record<string, FixtureEntry>
}

/** Recorded bodies are cut here: fixtures stay reviewable, and pages state their facts early. */
const recordedBodyCap = 256 * 1024

/** Headers worth replaying; cookies and the like never reach a fixture file. */
const keptHeaders = new Set([
  'content-type',
  'location',
  'retry-after',
  'refresh',
  'server',
  'www-authenticate',
  'cf-mitigated',
  'x-vercel-mitigated',
  'x-amzn-waf-action',
  'x-datadome',
  'x-dd-b',
  'x-iinfo',
  'x-sucuri-id',
  'x-kasada'
])

export class FixturesError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'FixturesError'
  }
}

/** The URL is not in the fixtures: reported as "not yet checked", never guessed. */
export class NotRecordedError extends Error {
  /** `url`: the request's own URL, which the key may follow with its `Accept`. */
  constructor(
    key: string,
    readonly url: string
  ) {
    super(`not in the offline fixtures (${key})`)
    this.name = 'NotRecordedError'
  }
}

/** Why a check stopped at a missing fixture; a redirect's target is named, as the fixtures lack that URL, not the cited one. */
export function notRecordedReason(error: NotRecordedError, redirected: boolean): string {
  return redirected ? `not in the offline fixtures: redirect to ${redactUrl(error.url)}` : 'not in the offline fixtures'
}

/**
 * The fixtures the \`offline\` option names (its path as given, from the working directory). Recording starts from
 * none, and its folder is made now, so that a folder that cannot be made is one error before any rule runs, not
 * one per citation. Throws FixturesError.
 */
function openFixtures(offline: {fixtures: string; record: boolean}): {path: string; fixtures: FixtureFile} {
  const path = resolve(offline.fixtures)
  if (offline.record) {
    try {
      makeFolder(dirname(path), {mkdirSync, statSync}, dirname)
    } catch (error) {
      throw new FixturesError(`Cannot write offline fixtures \`${path}\`: ${(error as Error).message}`)
    }
  }
  return {path, fixtures: readFixtures(path, offline.record)}
}

/**
 * What checking each fixtures file found, by path and mode (see checkFixtures): its problem, or what it read, until
 * a verifier takes that (openCheckedFixtures).
 */
const checked = new Map<string, {problem?: FixturesError; opened?: ReturnType<typeof openFixtures>}>()
const checkKey = (offline: {fixtures: string; record: boolean}): string => `${offline.record ? 'record' : 'replay'} ${resolve(offline.fixtures)}`

/**
 * Throws what openFixtures would, reading each file once per process: `configure` runs for every Markdown file, and
 * a recording of 3,000 URLs is 9 MB of JSON (read for each of 500 files, a replay took 21 s instead of 6).
 */
export function checkFixtures(offline: {fixtures: string; record: boolean}): void {
  const key = checkKey(offline)
  if (!checked.has(key)) {
    try {
      checked.set(key, {opened: openFixtures(offline)})
    } catch (error) {
      if (!(error instanceof FixturesError)) throw error
      checked.set(key, {problem: error})
    }
  }
  const {problem} = checked.get(key)!
  if (problem) throw problem
}

/**
 * openFixtures, taking what checkFixtures read instead of reading the file again (60-100 ms for that recording).
 * Once: another verifier gets its own copy, as a recording adds to it.
 */
export function openCheckedFixtures(offline: {fixtures: string; record: boolean}): ReturnType<typeof openFixtures> {
  const found = checked.get(checkKey(offline))
  const opened = found?.opened
  if (!opened) return openFixtures(offline)
  found.opened = undefined
  return opened
}

/** Forget what checkFixtures found: a long-lived host's next run reads the files again. */
export function forgetCheckedFixtures(): void {
  checked.clear()
}

export function readFixtures(path: string, missingIsEmpty: boolean): FixtureFile {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    if (missingIsEmpty && (error as NodeJS.ErrnoException).code === 'ENOENT') return {version: 1, responses: {}}
    throw new FixturesError(`Cannot read offline fixtures \`${path}\`: ${(error as Error).message}`)
  }
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (error) {
    throw new FixturesError(`Cannot parse offline fixtures \`${path}\`, expected JSON: ${(error as Error).message}`)
  }
  const file = data as Partial<FixtureFile>
  if (typeof data !== 'object' || data === null || file.version !== 1 || typeof file.responses !== 'object' || file.responses === null) {
    throw new FixturesError(`Unexpected offline fixtures \`${path}\`, expected \`{"version": 1, "responses": {…}}\``)
  }
  const responses: FixtureFile['responses'] = {}
  const written = new Map<string, string>()
  for (const [key, entry] of Object.entries(file.responses)) {
    const problem = entryProblem(entry)
    if (problem) throw new FixturesError(`Unexpected fixture for \`${key}\` in \`${path}\`${problem}`)
    const normal = normalKey(key)
    if (normal === undefined) {
      throw new FixturesError(`Unexpected fixture key \`${key}\` in \`${path}\`, expected an absolute URL without \`#fragment\``)
    }
    const before = written.get(normal)
    if (before !== undefined) throw new FixturesError(`Unexpected fixture key \`${key}\` in \`${path}\`: the same request as \`${before}\``)
    written.set(normal, key)
    responses[normal] = lowercaseHeaders(entry as FixtureEntry)
  }
  return {version: 1, responses}
}

/**
 * A hand-written key as replay looks it up (fixtureKey): the URL serialised (`https://example.com` is
 * `https://example.com/`, a Unicode host is punycode), any `(accept: …)` kept. Undefined when the URL does not
 * parse, or has a `#fragment`, which no request sends.
 */
function normalKey(key: string): string | undefined {
  const [, url = key, accept = ''] = /^(.*?)( \(accept: .*\))$/s.exec(key) ?? []
  const href = parseUrl(url)?.href
  return href === undefined || href.includes('#') ? undefined : href + accept
}

/** Replay reads header names as Node gives them, lowercase: a hand-written `Location` was not seen. */
function lowercaseHeaders(entry: FixtureEntry): FixtureEntry {
  if (!('headers' in entry) || entry.headers === undefined) return entry
  const headers = Object.fromEntries(Object.entries(entry.headers).map(([name, value]) => [name.toLowerCase(), value]))
  return {...entry, headers}
}

/** What is wrong with one entry, said after its URL; undefined when it replays as recorded. */
function entryProblem(value: unknown): string | undefined {
  const shape = ', expected `{status, headers, body}` or `{error}`'
  if (typeof value !== 'object' || value === null) return shape
  const entry = value as Record<string, unknown>
  if ('error' in entry) {
    if (!isNetErrorCode(entry.error)) return `: \`error\` ${JSON.stringify(entry.error)}, expected a network error code such as \`ENOTFOUND\`, \`ECONNREFUSED\` or \`ETIMEDOUT\``
    return entry.message === undefined || typeof entry.message === 'string' ? undefined : ': `message`, expected a string'
  }
  if (typeof entry.status !== 'number' || !Number.isInteger(entry.status) || entry.status < 100 || entry.status > 599) return shape
  const headers = entry.headers
  if (headers !== undefined && (typeof headers !== 'object' || headers === null || Object.values(headers).some((header) => typeof header !== 'string'))) {
    return ': `headers`, expected an object of strings'
  }
  for (const name of ['statusText', 'body', 'bodyBase64'] as const) {
    if (entry[name] !== undefined && typeof entry[name] !== 'string') return `: \`${name}\`, expected a string`
  }
  return entry.truncated === undefined || typeof entry.truncated === 'boolean' ? undefined : ': `truncated`, expected true or false'
}

/**
 * The fixture key of a request: its URL, and for content negotiation (an `Accept` of a vendor media type, such
 * as CSL JSON) also that type, since doi.org answers the same URL with a landing page or with metadata.
 */
export function fixtureKey(url: URL, headers?: Record<string, string>): string {
  const accept = headers?.accept
  return accept !== undefined && /^application\/vnd\./i.test(accept) ? `${url.href} (accept: ${accept})` : url.href
}

export function replayTransport(fixtures: FixtureFile): Transport {
  return async (url, maxBytes, headers) => {
    const key = fixtureKey(url, headers)
    const entry = fixtures.responses[key]
    if (!entry) throw new NotRecordedError(key, url.href)
    if ('error' in entry) throw new NetError(entry.error, entry.message ?? entry.error)
    const body = entry.bodyBase64 === undefined ? Buffer.from(entry.body ?? '', 'utf8') : Buffer.from(entry.bodyBase64, 'base64')
    // Replays read as little as a live fetch would.
    const cut = maxBytes !== undefined && body.length > maxBytes
    return {
      url: url.href,
      status: entry.status,
      statusText: entry.statusText ?? '',
      headers: entry.headers ?? {},
      body: cut ? body.subarray(0, maxBytes) : body,
      truncated: cut || (entry.truncated ?? false)
    }
  }
}

/** How often a recording writes the answers it has gathered (and once more as the process exits). */
const saveEveryMs = 250
/**
 * Each recording's last write, run when the process exits (one listener for them all). A warning emitted then
 * would never be shown: a failure goes straight to stderr.
 */
const unsaved = new Set<(report: (message: string) => void) => void>()
const toStderr = (message: string): void => void process.stderr.write(`Warning: ${message}\n`)
let savingOnExit = false

/**
 * Asks `live` and writes its answers to `path` (opened with openFixtures): every `saveEveryMs`, when `save` is
 * called, and as the process exits. Each write is the whole file (temporary file, then rename); written after
 * every answer, recording the large benchmark took 180 s instead of 12. A killed process loses at most the answers
 * of its last quarter second, which the next recording asks again. A write that fails is one warning.
 */
export function recordTransport(
  live: Transport,
  path: string,
  fixtures: FixtureFile,
  warn: (message: string) => void
): {transport: Transport; save: () => void} {
  let timer: NodeJS.Timeout | undefined
  const saveNow = (report = warn): void => {
    clearTimeout(timer)
    timer = undefined
    unsaved.delete(saveNow)
    try {
      save(path, fixtures)
    } catch (error) {
      report((error as Error).message)
    }
  }
  const keep = (key: string, entry: FixtureEntry): void => {
    fixtures.responses[key] = entry
    if (timer) return
    // Unref'd: the write on exit covers a process that ends sooner.
    timer = setTimeout(saveNow, saveEveryMs).unref()
    unsaved.add(saveNow)
    if (!savingOnExit) process.on('exit', () => unsaved.forEach((saveNow) => saveNow(toStderr)))
    savingOnExit = true
  }
  const transport: Transport = async (url, maxBytes, headers) => {
    const key = fixtureKey(url, headers)
    try {
      const response = await live(url, maxBytes, headers)
      keep(key, toEntry(response))
      return response
    } catch (error) {
      if (error instanceof NetError) keep(key, {error: error.code, message: error.message})
      throw error
    }
  }
  return {transport, save: () => void (timer && saveNow())}
}

function toEntry(response: HopResponse): FixtureEntry {
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(response.headers)) if (keptHeaders.has(name)) headers[name] = value
  const cut = response.body.subarray(0, recordedBodyCap)
  const text = cut.toString('utf8')
  const lossless = Buffer.from(text, 'utf8').equals(cut)
  return {
    status: response.status,
    statusText: response.statusText,
    headers,
    ...(lossless ? {body: text} : {bodyBase64: cut.toString('base64')}),
    truncated: response.truncated || cut.length < response.body.length
  }
}

function save(path: string, fixtures: FixtureFile): void {
  const sorted: FixtureFile = {version: 1, responses: {}}
  for (const url of Object.keys(fixtures.responses).sort()) sorted.responses[url] = fixtures.responses[url]!
  try {
    replaceFile(path, temporaryFor(path), JSON.stringify(sorted, null, 2) + '\n', {writeFileSync, renameSync, rmSync})
  } catch (error) {
    throw new FixturesError(`Cannot write offline fixtures \`${path}\`: ${(error as Error).message}`)
  }
}
