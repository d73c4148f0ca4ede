// One HTTP hop: a single GET (no redirect following), decoded and capped body, errors mapped to NetError codes.

import type {Readable} from 'node:stream'
import zlib from 'node:zlib'
import type {Dispatcher} from 'undici'
import {NetError, type NetErrorCode} from './errors.js'
import {gzipHeader} from './gzip-member.js'
import {defaultHeaders} from './headers.js'
import {shorten} from '../page/text.js'

export interface HopResponse {
  url: string
  status: number
  statusText: string
  /** Lower-case names; repeated headers joined with ', ' (`set-cookie` with line breaks). */
  headers: Record<string, string>
  /** The body after content decoding, at most the cap. */
  body: Buffer
  /** True when the body was cut: size cap, hop deadline, broken stream or undecodable encoding. */
  truncated: boolean
  /** Why reading the body stopped early, when it was not the size cap. */
  bodyError?: {code: NetErrorCode; message: string}
}

export interface HopOptions {
  agent: Dispatcher
  /** Whole hop: connect + headers + body. */
  timeoutMs: number
  /** Body cap, counted after decompression. */
  maxBytes: number
  /** Extra or overriding request headers (merged over {@link defaultHeaders}). */
  headers?: Record<string, string>
  signal?: AbortSignal
}

/** Body cap for 3xx/4xx/5xx: enough for bot-wall and not-found pages. */
export const ERROR_BODY_LIMIT = 64 * 1024

/**
 * Send one GET and read its answer. Redirects come back as they are (the caller
 * checks and follows each hop). Throws {@link NetError} when no status arrived;
 * once a status arrived, never throws: a deadline, a broken stream or a corrupt
 * encoding gives what was read with `truncated: true`.
 *
 * Through undici's `dispatch`, not `request`: the answer's chunks come to a
 * handler, with no stream, async iterator or abort signal per request between.
 * That halved the client's CPU per request on loopback, and a cold run makes
 * thousands of them on one thread.
 */
export async function fetchHop(url: URL, options: HopOptions): Promise<HopResponse> {
  const {agent, timeoutMs, maxBytes} = options
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) {
    throw new RangeError(`timeoutMs must be a positive number of milliseconds, got ${String(timeoutMs)}`)
  }
  if (!Number.isInteger(maxBytes) || maxBytes < 0) {
    throw new RangeError(`maxBytes must be a non-negative integer, got ${String(maxBytes)}`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new NetError('EOTHER', `cannot fetch scheme ${url.protocol}`)
  }
  if (options.signal?.aborted) throw new NetError('ETIMEDOUT', 'aborted before an answer')
  const headers = {...defaultHeaders(), ...lowerCaseKeys(options.headers)}

  return new Promise<HopResponse>((resolve, reject) => {
    let controller: Dispatcher.DispatchController | undefined
    /** Why the hop was stopped (its deadline, the caller), once it was. */
    let stopped: NetError | undefined
    let answer: Pick<HopResponse, 'status' | 'statusText' | 'headers'> | undefined
    let body: BodySink | undefined
    let settled = false

    const settle = (outcome: HopResponse | NetError): void => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      options.signal?.removeEventListener('abort', onAbort)
      if (outcome instanceof NetError) reject(outcome)
      else resolve(outcome)
    }
    const stop = (reason: NetError): void => {
      stopped = reason
      // A request still waiting for a socket has no controller yet: it is dropped as it gets one.
      if (controller && !controller.aborted) controller.abort(reason)
      if (body) body.fail(reason)
      else settle(reason)
    }
    const timer = setTimeout(() => stop(new NetError('ETIMEDOUT', `no answer within ${seconds(timeoutMs)} s`)), timeoutMs)
    const onAbort = (): void => stop(new NetError('ETIMEDOUT', 'aborted before an answer'))
    options.signal?.addEventListener('abort', onAbort, {once: true})

    const handler: Dispatcher.DispatchHandler = {
      onRequestStart(started) {
        controller = started
        if (stopped) started.abort(stopped)
      },
      onResponseStart(started, statusCode, responseHeaders, statusMessage) {
        // A 1xx is not the answer: the final status follows.
        if (statusCode < 200 || answer) return
        // A reason phrase is a few words; a server's 200 KB one (headers may be that large) would be each message's.
        answer = {status: statusCode, statusText: shorten(statusMessage ?? '', 64), headers: flattenHeaders(responseHeaders)}
        const cap = statusCode >= 300 ? Math.min(maxBytes, ERROR_BODY_LIMIT) : maxBytes
        body = new BodySink(answer.headers['content-encoding'], cap, (read) => {
          // Done before the end (the cap, a corrupt encoding): the rest is not wanted, nor is the socket.
          if (read.truncated) dropRest(started)
          settle({
            url: url.href,
            ...answer!,
            body: read.body,
            truncated: read.truncated,
            ...(read.error ? {bodyError: {code: read.error.code, message: read.error.message}} : {}),
          })
        })
      },
      onResponseData(started, chunk) {
        // Bytes after the page was read whole (past the end of its compressed data) are not wanted either, and may
        // never end: left coming, they held the socket, and with it the agent's close at the end of a run, for ever.
        if (body && !body.write(chunk)) dropRest(started)
      },
      onResponseEnd() {
        body?.end()
      },
      onResponseError(_, error) {
        const problem = toNetError(error)
        if (body) body.fail(problem)
        else settle(problem)
      },
    }
    try {
      agent.dispatch({origin: url.origin, path: `${url.pathname}${url.search}`, method: 'GET', headers}, handler)
    } catch (error) {
      settle(toNetError(error))
    }
  })
}

interface BodyRead {
  body: Buffer
  truncated: boolean
  error?: NetError
}

/** Stops an answer whose rest is not wanted. After undici's callback returns: an abort inside its headers callback throws there. */
function dropRest(started: Dispatcher.DispatchController): void {
  queueMicrotask(() => started.aborted || started.abort(new NetError('EOTHER', 'body read')))
}

/**
 * A response body as it arrives: decoded (content codings through zlib), kept up to `cap` bytes after decoding.
 * `done` is told once: at the end, at the cap, or when reading failed (what was read so far, truncated).
 */
class BodySink {
  readonly #cap: number
  readonly #done: (read: BodyRead) => void
  readonly #codings: Coding[]
  /** Decoders, outermost coding first; made once the first two bytes are in (raw or zlib deflate shows there). */
  #decoders: Array<NodeJS.ReadWriteStream & Readable> | undefined
  /** A first chunk too short to tell raw from zlib deflate (one byte), held until the next. */
  #held: Buffer | undefined
  readonly #chunks: Buffer[] = []
  #total = 0
  #finished = false
  /** Whether the answer's last byte arrived. */
  #ended = false
  /**
   * Whether the compressed data ended before the answer did: the page is whole, and is told once the answer ends
   * (its socket then serves the next request), or at the first byte more, which is no part of it.
   */
  #decoded = false

  constructor(contentEncoding: string | undefined, cap: number, done: (read: BodyRead) => void) {
    this.#cap = cap
    this.#done = done
    const codings = parseEncodings(contentEncoding)
    this.#codings = codings ?? []
    if (codings === undefined) {
      this.#finish(true, new NetError('EPROTOCOL', `unsupported content-encoding ${shorten(contentEncoding ?? '', 64)}`))
    }
  }

  /** Takes a chunk of the answer; false when it is not wanted (`done` was told). */
  write(chunk: Buffer): boolean {
    if (this.#finished) return false
    if (this.#decoded) {
      this.#finish(false)
      return false
    }
    if (this.#codings.length === 0) this.#take(chunk)
    else if (this.#decoders) this.#decoders[0]!.write(chunk)
    else this.#start(chunk)
    return true
  }

  end(): void {
    this.#ended = true
    if (this.#finished) return
    if (this.#held) this.#start(Buffer.alloc(0))
    if (this.#decoders && !this.#decoded) this.#decoders[0]!.end()
    else this.#finish(false)
  }

  /** The first bytes: the decoders are made once they show which deflate it is (a server may send one byte first). */
  #start(chunk: Buffer): void {
    const first = this.#held ? Buffer.concat([this.#held, chunk]) : chunk
    if (first.length < 2 && this.#codings.at(-1) === 'deflate' && !this.#ended) {
      this.#held = first
      return
    }
    this.#held = undefined
    this.#decoders = this.#decode(first)
    this.#decoders[0]!.write(first)
  }

  fail(error: NetError): void {
    if (this.#finished) return
    if (this.#decoded) this.#finish(false)
    else this.#finish(true, error)
  }

  /** The decoder chain: applied codings undone in reverse order (`gzip, br` was gzipped, then brotli'd). */
  #decode(first: Buffer): Array<NodeJS.ReadWriteStream & Readable> {
    const decoders = [...this.#codings].reverse().flatMap((coding, index) => decoder(coding, index === 0 ? first : undefined))
    for (const [index, stream] of decoders.entries()) {
      stream.on('error', (error) => this.fail(toNetError(error)))
      const next = decoders[index + 1]
      if (next) stream.pipe(next)
    }
    const last = decoders.at(-1)!
    last.on('data', (chunk: Buffer) => this.#take(chunk))
    last.on('end', () => {
      if (this.#finished) return
      if (this.#ended) this.#finish(false)
      else this.#decoded = true
    })
    return decoders
  }

  #take(chunk: Buffer): void {
    if (this.#finished || chunk.length === 0) return
    if (this.#total + chunk.length > this.#cap) {
      // Nothing wanted (a cap of 0) learns only that a body exists.
      this.#chunks.push(chunk.subarray(0, this.#cap - this.#total))
      this.#total = this.#cap
      return this.#finish(true)
    }
    this.#chunks.push(chunk)
    this.#total += chunk.length
  }

  #finish(truncated: boolean, error?: NetError): void {
    this.#finished = true
    // Later errors of a decoder no one reads have nowhere to go.
    for (const stream of this.#decoders ?? []) {
      stream.on('error', () => {})
      stream.destroy()
    }
    this.#done({body: Buffer.concat(this.#chunks, this.#total), truncated, ...(error ? {error} : {})})
  }
}

type Coding = 'gzip' | 'deflate' | 'br'

/** The content codings in order of application; undefined when one is not supported. */
function parseEncodings(header: string | undefined): Coding[] | undefined {
  if (!header) return []
  const codings: Coding[] = []
  for (const raw of header.split(',')) {
    const token = raw.trim().toLowerCase()
    if (token === '' || token === 'identity') continue
    if (token === 'gzip' || token === 'x-gzip') codings.push('gzip')
    else if (token === 'deflate') codings.push('deflate')
    else if (token === 'br') codings.push('br')
    else return undefined
  }
  return codings
}

/** The streams that undo one coding, in order. */
function decoder(coding: Coding, first: Buffer | null | undefined): Array<NodeJS.ReadWriteStream & Readable> {
  // Lenient flushing: a body cut short decodes as far as it goes instead of failing at once.
  const flush = {flush: zlib.constants.Z_SYNC_FLUSH, finishFlush: zlib.constants.Z_SYNC_FLUSH}
  // Not zlib's Gunzip, which fails on bytes after the compressed page (see gzip-member.ts).
  if (coding === 'gzip') return [gzipHeader(), zlib.createInflateRaw(flush)]
  if (coding === 'br') {
    return [
      zlib.createBrotliDecompress({
        flush: zlib.constants.BROTLI_OPERATION_FLUSH,
        finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH,
      }),
    ]
  }
  // HTTP "deflate" should be zlib-wrapped (RFC 9110), but some servers send raw deflate.
  return [first && !isZlibHeader(first) ? zlib.createInflateRaw(flush) : zlib.createInflate(flush)]
}

function isZlibHeader(bytes: Buffer): boolean {
  if (bytes.length < 2) return true
  const [cmf, flg] = [bytes[0] as number, bytes[1] as number]
  return (cmf & 0x0f) === 8 && ((cmf << 8) | flg) % 31 === 0
}

function flattenHeaders(headers: Record<string, string | string[] | undefined> | undefined): Record<string, string> {
  const flat: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (value === undefined) continue
    const key = name.toLowerCase()
    // A list of URLs joined is no URL: of several Location headers (mostly one sent twice), the first counts.
    if (URL_HEADERS.has(key)) flat[key] = urlBytes(Array.isArray(value) ? (value[0] ?? '') : String(value))
    // A cookie's `Expires=Wed, 21 Oct …` holds a comma: one cookie a line, as no header value holds a line break.
    else flat[key] = Array.isArray(value) ? value.join(key === 'set-cookie' ? '\n' : ', ') : String(value)
  }
  return flat
}

/** Headers whose value is, or ends in, a URL. */
const URL_HEADERS = new Set(['location', 'refresh'])

/**
 * undici gives header bytes as latin1 characters; a URL's bytes over 0x7F are UTF-8 as browsers read them
 * (`/caf\xC3\xA9` is `/café`), so they are percent-encoded as they came, which the URL parser reads as UTF-8
 * (in a host name too) instead of encoding each latin1 character again.
 */
function urlBytes(value: string): string {
  return value.replace(/[\x80-\xFF]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
}

function lowerCaseKeys(headers: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers ?? {})) out[name.toLowerCase()] = value
  return out
}

const TIMEOUT_CODES = new Set([
  'ETIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_ABORTED',
  'ABORT_ERR',
])
// Node reports getaddrinfo's "no such name" and "no address" as ENOTFOUND; EAI_AGAIN and EAI_FAIL are the resolver's
// own failure (a laptop offline, a DNS server down), which says nothing of the host and must not call it dead.
const NOT_FOUND_CODES = new Set(['ENOTFOUND', 'EAI_NONAME', 'EAI_NODATA'])
const RESOLVER_CODES = new Set(['EAI_AGAIN', 'EAI_FAIL'])
const RESET_CODES = new Set(['ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE', 'ECONNABORTED', 'UND_ERR_CLOSED'])
const PROTOCOL_CODES = new Set([
  'UND_ERR_INFO',
  'UND_ERR_HEADERS_OVERFLOW',
  'UND_ERR_RES_CONTENT_LENGTH_MISMATCH',
  'UND_ERR_RES_EXCEEDED_MAX_SIZE',
])
const TLS_PREFIXES = [
  'ERR_TLS_',
  'ERR_SSL_',
  'ERR_OSSL_',
  'CERT_',
  'UNABLE_TO_',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'HOSTNAME_MISMATCH',
  'INVALID_CA',
  'INVALID_PURPOSE',
  'PATH_LENGTH_EXCEEDED',
  'CRL_',
  'EPROTO',
]

/** The NetError code for one error code string, or undefined when it says nothing known. */
function codeFor(code: string, name: string): NetErrorCode | undefined {
  if (code === 'EPRIVATE' || code === 'EONION') return code
  if (NOT_FOUND_CODES.has(code)) return 'ENOTFOUND'
  if (RESOLVER_CODES.has(code)) return 'EDNS'
  if (code === 'ECONNREFUSED') return 'ECONNREFUSED'
  if (TIMEOUT_CODES.has(code) || name === 'AbortError' || name === 'TimeoutError') return 'ETIMEDOUT'
  if (RESET_CODES.has(code)) return 'ECONNRESET'
  if (TLS_PREFIXES.some((prefix) => code.startsWith(prefix))) return 'ETLS'
  // undici's HTTPParserError may come without a code.
  if (code.startsWith('HPE_') || code.startsWith('Z_') || PROTOCOL_CODES.has(code) || name === 'HTTPParserError') {
    return 'EPROTOCOL'
  }
  return undefined
}

/**
 * Map any error from connecting, requesting or reading to a NetError with a code from
 * the closed set. Looks through `cause` chains and AggregateErrors (Happy Eyeballs).
 */
export function toNetError(error: unknown): NetError {
  if (error instanceof NetError) return error
  const seen = new Set<unknown>()
  const queue: unknown[] = [error]
  while (queue.length > 0) {
    const current = queue.shift()
    if (current === null || typeof current !== 'object' || seen.has(current) || seen.size > 20) continue
    seen.add(current)
    if (current instanceof NetError) return current
    const {code, name, message} = current as {code?: unknown; name?: unknown; message?: unknown}
    // undici's ProxyAgent says so in its message only (and with the code of an aborted request).
    const tunnel = typeof message === 'string' ? /^Proxy response \((\d+)\) !== 200 when HTTP Tunneling/.exec(message) : null
    if (tunnel) return new NetError('EPROXY', `the proxy answered ${tunnel[1]} to the tunnel`, {cause: error})
    // Asked with the whole URL, it rejects its own 407 so.
    if (typeof message === 'string' && message.startsWith('Proxy Authentication Required (407)')) {
      return new NetError('EPROXY', 'the proxy answered 407 (its password)', {cause: error})
    }
    const mapped = codeFor(typeof code === 'string' ? code : '', typeof name === 'string' ? name : '')
    if (mapped) return new NetError(mapped, messageOf(current, error), {cause: error})
    const {cause, errors} = current as {cause?: unknown; errors?: unknown}
    if (cause !== undefined) queue.push(cause)
    if (Array.isArray(errors)) queue.push(...errors)
  }
  return new NetError('EOTHER', messageOf(error, error), {cause: error})
}

function messageOf(specific: unknown, outer: unknown): string {
  for (const candidate of [specific, outer]) {
    if (candidate instanceof Error && candidate.message) return shorten(oneLine(candidate.message), 200)
  }
  return shorten(oneLine(String(outer)), 200)
}

/**
 * One line, the same every run: OpenSSL's `80…0000:error:0A00010B:SSL routines:ssl3_get_record:wrong version
 * number:…/ssl3_record.c:354:\n` (a thread id that changes each run, a line break that splits remark's report)
 * is its reason, `wrong version number`.
 */
function oneLine(message: string): string {
  const openssl = /^[\dA-F]+:error:[\dA-F]+:[^:]*:[^:]*:([^:]+):/.exec(message)
  return (openssl ? openssl[1]! : message).replace(/\s+/g, ' ').trim()
}

function seconds(ms: number): string {
  return String(Number((ms / 1000).toFixed(2)))
}

