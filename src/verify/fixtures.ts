// Offline mode: replay recorded hop responses from a JSON file, or record them from a live run.

import {mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync} from 'node:fs'
import {dirname, resolve} from 'node:path'
import {makeFolder} from '../folder.js'
import {NetError, type NetErrorCode} from '../net/errors.js'
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
  constructor(url: string) {
    super(`not in the offline fixtures (${url})`)
    this.name = 'NotRecordedError'
  }
}

/**
 * The fixtures the \`offline\` option names (its path as given, from the working directory). Recording starts from
 * none, and its folder is made now, so that a folder that cannot be made is one error before any rule runs, not
 * one per citation. Throws FixturesError.
 */
export function openFixtures(offline: {fixtures: string; record: boolean}): {path: string; fixtures: FixtureFile} {
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
  for (const [url, entry] of Object.entries(file.responses)) {
    const ok = typeof entry === 'object' && entry !== null && (typeof (entry as {status?: unknown}).status === 'number' || typeof (entry as {error?: unknown}).error === 'string')
    if (!ok) throw new FixturesError(`Unexpected fixture for \`${url}\` in \`${path}\`, expected \`{status, headers, body}\` or \`{error}\``)
  }
  return file as FixtureFile
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
    if (!entry) throw new NotRecordedError(key)
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

/** Wraps a live transport; every answer is written to `path` at once (temp file, then rename). */
/** Asks `live` and writes each answer to `path` (opened with openFixtures). */
export function recordTransport(live: Transport, path: string, fixtures: FixtureFile): Transport {
  return async (url, maxBytes, headers) => {
    const key = fixtureKey(url, headers)
    try {
      const response = await live(url, maxBytes, headers)
      fixtures.responses[key] = toEntry(response)
      save(path, fixtures)
      return response
    } catch (error) {
      if (error instanceof NetError) {
        fixtures.responses[key] = {error: error.code, message: error.message}
        save(path, fixtures)
      }
      throw error
    }
  }
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
