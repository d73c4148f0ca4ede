// fetchHop, the pinned lookup and the agent against real node:http servers on 127.0.0.1 (never the internet).

import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http'
import {createServer as createNetServer, type AddressInfo, type Socket} from 'node:net'
import {promises as dnsPromises} from 'node:dns'
import type {LookupAddress} from 'node:dns'
import zlib from 'node:zlib'
import {afterAll, afterEach, beforeAll, describe, expect, it, vi} from 'vitest'
import type {Agent} from 'undici'
import {AddressPolicy} from '../src/net/address.js'
import {createAgent} from '../src/net/agent.js'
import {NetError} from '../src/net/errors.js'
import {ERROR_BODY_LIMIT, fetchHop, toNetError} from '../src/net/fetch-hop.js'
import {USER_AGENT, defaultHeaders} from '../src/net/headers.js'
import {createLookup, systemResolve, type Resolve} from '../src/net/lookup.js'
import {checkUrl} from '../src/net/policy.js'

const LOOPBACK = ['127.0.0.0/8']
const optIn = new AddressPolicy(LOOPBACK)
const strict = new AddressPolicy([])

/** A test resolver: a fixed table, ENOTFOUND otherwise; records each question. */
function tableResolve(table: Record<string, string[]>): Resolve & {calls: string[]} {
  const calls: string[] = []
  const resolve = async (hostname: string) => {
    calls.push(hostname)
    const answers = table[hostname]
    if (!answers) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {code: 'ENOTFOUND', hostname})
    return answers.map((address) => ({address, family: (address.includes(':') ? 6 : 4) as 4 | 6}))
  }
  return Object.assign(resolve, {calls})
}

interface Seen {
  requests: IncomingMessage[]
  connections: number
}

const seen: Seen = {requests: [], connections: 0}
const sockets = new Set<Socket>()
let server: Server
let port = 0
let base = ''
const zeros = Buffer.alloc(50 * 1024 * 1024)
const gzipBomb = zlib.gzipSync(zeros, {level: 9})
const brotliBomb = zlib.brotliCompressSync(zeros)
const page = Buffer.from('<!doctype html><title>Hello</title><p>' + 'word '.repeat(2000))

/** The client port of each `/gzip-late-end` request. */
const latePorts: Array<number | undefined> = []
/** Paths of `/<coding>-endless` answers whose connection was closed. */
const endlessClosed = new Set<string>()
const encoders: Record<string, (data: Buffer) => Buffer> = {gzip: zlib.gzipSync, deflate: zlib.deflateSync, br: zlib.brotliCompressSync}

function route(req: IncomingMessage, res: ServerResponse): void {
  const path = new URL(req.url ?? '/', 'http://x').pathname
  const endless = /^\/(gzip|deflate|br)-endless$/.exec(path)
  if (endless) {
    // The page compressed whole, then stray bytes that never end.
    res.writeHead(200, {'content-encoding': endless[1]!, 'content-type': 'text/html'})
    res.write(encoders[endless[1]!]!(page))
    const timer = setInterval(() => res.write('\n'), 20)
    res.on('close', () => {
      clearInterval(timer)
      endlessClosed.add(path)
    })
    return
  }
  switch (path) {
    case '/ok':
      res.writeHead(200, {'content-type': 'text/html; charset=utf-8'})
      res.end(page)
      return
    case '/headers':
      res.setHeader('set-cookie', ['a=1', 'b=2'])
      res.setHeader('x-multi', ['one', 'two'])
      res.writeHead(200, 'Fine Thanks', {'content-type': 'application/json'})
      res.end(JSON.stringify(req.headers))
      return
    case '/big-headers':
      // A shop's answer: 300 cookies and a long policy, 45 KB of headers (Node's own limit is 16 KB).
      res.setHeader('set-cookie', Array.from({length: 300}, (_, index) => `c${index}=${'v'.repeat(64)}; Path=/; Secure`))
      res.writeHead(200, {'content-type': 'text/html', 'content-security-policy': `script-src ${'https://cdn.example '.repeat(1000)}`})
      res.end(page)
      return
    case '/long-reason':
      res.writeHead(500, 'Internal '.repeat(20_000), {'content-type': 'text/html'})
      res.end()
      return
    case '/huge-headers':
      res.writeHead(200, {'content-type': 'text/html', 'x-junk': 'x'.repeat(300 * 1024)})
      res.end(page)
      return
    case '/moved':
      res.writeHead(301, {location: '/ok', 'content-type': 'text/html'})
      res.end('<a href="/ok">moved</a>')
      return
    case '/gone-big':
      res.writeHead(404, {'content-type': 'text/html'})
      res.end(Buffer.alloc(1024 * 1024, 'x'))
      return
    case '/gzip':
      res.writeHead(200, {'content-encoding': 'gzip', 'content-type': 'text/html'})
      res.end(zlib.gzipSync(page))
      return
    case '/gzip-late-end':
      // The answer's end (its last chunk's marker) comes a moment after its compressed data.
      latePorts.push(req.socket.remotePort)
      res.writeHead(200, {'content-encoding': 'gzip', 'content-type': 'text/html'})
      res.write(zlib.gzipSync(page))
      setTimeout(() => res.end(), 20)
      return
    case '/br':
      res.writeHead(200, {'content-encoding': 'br', 'content-type': 'text/html'})
      res.end(zlib.brotliCompressSync(page))
      return
    case '/deflate':
      res.writeHead(200, {'content-encoding': 'deflate'})
      res.end(zlib.deflateSync(page))
      return
    case '/deflate-raw':
      res.writeHead(200, {'content-encoding': 'deflate'})
      res.end(zlib.deflateRawSync(page))
      return
    case '/deflate-raw-one-byte-first':
      // The first byte alone, as a chunk of its own: raw deflate cannot be told from zlib's before the second.
      res.writeHead(200, {'content-encoding': 'deflate'})
      res.write(zlib.deflateRawSync(page).subarray(0, 1))
      setTimeout(() => res.end(zlib.deflateRawSync(page).subarray(1)), 20)
      return
    case '/gzip-br':
      res.writeHead(200, {'content-encoding': 'gzip, br'})
      res.end(zlib.brotliCompressSync(zlib.gzipSync(page)))
      return
    case '/zstd':
      res.writeHead(200, {'content-encoding': 'zstd'})
      res.end(Buffer.from('not really zstd'))
      return
    case '/bomb-gzip':
      res.writeHead(200, {'content-encoding': 'gzip', 'content-type': 'text/html'})
      res.end(gzipBomb)
      return
    case '/bomb-br':
      res.writeHead(200, {'content-encoding': 'br', 'content-type': 'text/html'})
      res.end(brotliBomb)
      return
    case '/gzip-trailing':
      // A script's stray newline after its compressed output: browsers show the page and ignore it.
      res.writeHead(200, {'content-encoding': 'gzip', 'content-type': 'text/html'})
      res.end(Buffer.concat([zlib.gzipSync(page), Buffer.from('\n\n')]))
      return
    case '/corrupt-gzip': {
      // Broken within the compressed data: the page gzips to 91 bytes, so bytes after the first 200 follow it whole.
      const good = zlib.gzipSync(page)
      const bad = Buffer.concat([good.subarray(0, 30), Buffer.alloc(500, 0xab)])
      res.writeHead(200, {'content-encoding': 'gzip'})
      res.end(bad)
      return
    }
    case '/hang':
      return // never answers; the socket is closed in afterAll
    case '/stall':
      res.writeHead(200, {'content-type': 'text/html', 'content-length': '100000'})
      res.write('<title>partial</title>')
      return // headers and a little body, then nothing
    default:
      res.writeHead(404, {'content-type': 'text/plain'})
      res.end('not found')
  }
}

const agents: Agent[] = []
function agent(addresses: AddressPolicy, resolve: Resolve = systemResolve(false), connectTimeoutMs = 2_000): Agent {
  const made = createAgent({resolve, addresses, connectTimeoutMs})
  agents.push(made)
  return made
}

let open: Agent
let closed: Agent
const extraServers: Array<{close: (cb: () => void) => void}> = []

beforeAll(async () => {
  server = createServer(route)
  server.on('request', (req) => seen.requests.push(req))
  server.on('connection', (socket) => {
    seen.connections++
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
  base = `http://127.0.0.1:${port}`
  open = agent(optIn)
  closed = agent(strict)
})

afterEach(() => {
  vi.restoreAllMocks()
})

afterAll(async () => {
  await Promise.all(agents.map((made) => made.destroy()))
  for (const socket of sockets) socket.destroy()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  await Promise.all(extraServers.map((extra) => new Promise<void>((resolve) => extra.close(() => resolve()))))
})

function reset(): void {
  seen.requests.length = 0
  seen.connections = 0
}

/** What the verifier does on each hop: the policy first, the network only when it passes. */
async function guardedFetch(raw: string, addresses: AddressPolicy, through: Agent) {
  const verdict = checkUrl(raw, addresses)
  if (!verdict.ok) return verdict
  return fetchHop(verdict.url, {agent: through, timeoutMs: 2_000, maxBytes: 1_000_000})
}

async function netError(promise: Promise<unknown>): Promise<NetError> {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(NetError)
    return error as NetError
  }
  throw new Error('expected a NetError')
}

describe('the URL policy keeps private targets unreached', () => {
  const loopbackSpellings = [
    'http://2130706433:PORT/ok',
    'http://0x7f.1:PORT/ok',
    'http://017700000001:PORT/ok',
    'http://127.1:PORT/ok',
    'http://127.0.0.1:PORT/ok',
    'http://0:PORT/ok',
    'http://0.0.0.0:PORT/ok',
    'http://[::ffff:127.0.0.1]:PORT/ok',
    'http://[::1]:PORT/ok',
    'http://[::]:PORT/ok',
    'http://localhost:PORT/ok',
    'http://localhost.:PORT/ok',
    'http://www.localhost:PORT/ok',
  ]

  it.each(loopbackSpellings)('%s is refused before any connection', async (template) => {
    reset()
    const raw = template.replace('PORT', String(port))
    const verdict = await guardedFetch(raw, strict, closed)
    expect(verdict).toMatchObject({ok: false, code: 'private-address'})
    // Even without checkUrl, the agent refuses literal and localhost targets itself.
    const error = await netError(fetchHop(new URL(raw), {agent: closed, timeoutMs: 2_000, maxBytes: 1000}))
    expect(error.code).toBe('EPRIVATE')
    expect(seen.connections).toBe(0)
    expect(seen.requests).toHaveLength(0)
  })

  it.each([
    'http://10.0.0.1/',
    'http://172.16.0.1/',
    'http://192.168.1.1/',
    'http://100.64.0.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://224.0.0.1/',
    'http://255.255.255.255/',
    'http://[fc00::1]/',
    'http://[fe80::1]/',
    'http://[::ffff:a9fe:a9fe]/',
    'http://[64:ff9b::7f00:1]/',
    'http://[2002:7f00:1::]/',
  ])('%s is refused by checkUrl (never fetched)', async (raw) => {
    reset()
    const verdict = await guardedFetch(raw, strict, closed)
    expect(verdict).toMatchObject({ok: false, code: 'private-address'})
    expect(seen.connections).toBe(0)
  })

  it('the explicit opt-in reaches the local server; without it EPRIVATE and nothing arrives', async () => {
    reset()
    const refused = await netError(fetchHop(new URL(`${base}/ok`), {agent: closed, timeoutMs: 2_000, maxBytes: 1000}))
    expect(refused.code).toBe('EPRIVATE')
    expect(refused.message).toMatch(/127\.0\.0\.1 \(loopback\)/)
    expect(seen.connections).toBe(0)
    const answer = await fetchHop(new URL(`${base}/ok`), {agent: open, timeoutMs: 2_000, maxBytes: 1_000_000})
    expect(answer.status).toBe(200)
    expect(seen.requests).toHaveLength(1)
  })

  it('localhost is both loopback addresses: a dev server listening on ::1 only is reached, and a policy allowing one of them allows it', async () => {
    // Node's `listen(port, 'localhost')` binds ::1 where the system answers it first; before, that was "connection refused".
    const v6 = createServer((_, response) => response.writeHead(200, {'content-type': 'text/html'}).end('<title>Dev server</title>'))
    await new Promise<void>((done) => v6.listen(0, '::1', done))
    const v6Port = (v6.address() as AddressInfo).port
    const agentFor = (ranges: string[]) => createAgent({resolve: tableResolve({}), addresses: new AddressPolicy(ranges), connectTimeoutMs: 2_000})
    try {
      for (const ranges of [['127.0.0.0/8', '::1/128'], ['::1/128']]) {
        const answer = await fetchHop(new URL(`http://localhost:${v6Port}/`), {agent: agentFor(ranges), timeoutMs: 2_000, maxBytes: 1000})
        expect(answer.status).toBe(200)
        expect(checkUrl(`http://localhost:${v6Port}/`, new AddressPolicy(ranges))).toMatchObject({ok: true})
      }
      // Allowing 127.0.0.1 alone still allows localhost, and connects there only.
      expect(checkUrl(`http://localhost:${port}/ok`, new AddressPolicy(['127.0.0.1/32']))).toMatchObject({ok: true})
      expect((await fetchHop(new URL(`http://localhost:${port}/ok`), {agent: agentFor(['127.0.0.1/32']), timeoutMs: 2_000, maxBytes: 1000})).status).toBe(200)
      expect(await netError(fetchHop(new URL(`http://localhost:${v6Port}/`), {agent: agentFor(['127.0.0.1/32']), timeoutMs: 2_000, maxBytes: 1000}))).toMatchObject({code: 'ECONNREFUSED'})
      // Allowing neither refuses it, naming 127.0.0.1 as before.
      expect(checkUrl(`http://localhost:${v6Port}/`, strict)).toMatchObject({ok: false, code: 'private-address', reason: expect.stringContaining('127.0.0.1 (loopback)')})
    } finally {
      await new Promise((done) => v6.close(done))
    }
  })

  it('localhost with the opt-in is answered without DNS', async () => {
    const spy = vi.spyOn(dnsPromises, 'lookup').mockRejectedValue(new Error('DNS must not be asked'))
    const answer = await fetchHop(new URL(`http://localhost:${port}/ok`), {agent: open, timeoutMs: 2_000, maxBytes: 1000})
    expect(answer.status).toBe(200)
    expect(spy).not.toHaveBeenCalled()
  })
})

describe('pinned lookup', () => {
  it('refuses a name that resolves to a private address, before connecting', async () => {
    reset()
    for (const address of ['127.0.0.1', '10.0.0.1']) {
      const resolve = tableResolve({'evil.test': [address]})
      const error = await netError(
        fetchHop(new URL(`http://evil.test:${port}/ok`), {agent: agent(strict, resolve), timeoutMs: 2_000, maxBytes: 1000}),
      )
      expect(error.code).toBe('EPRIVATE')
      expect(error.message).toContain(`evil.test resolves to private address ${address}`)
      expect(resolve.calls).toContain('evil.test')
    }
    expect(seen.connections).toBe(0)
  })

  it('refuses a mixed answer as a whole, even when one address is allowed', async () => {
    reset()
    const resolve = tableResolve({'mixed.test': ['127.0.0.1', '10.0.0.1']})
    const error = await netError(
      fetchHop(new URL(`http://mixed.test:${port}/ok`), {agent: agent(optIn, resolve), timeoutMs: 2_000, maxBytes: 1000}),
    )
    expect(error.code).toBe('EPRIVATE')
    expect(error.message).toMatch(/10\.0\.0\.1 \(private\)/)
    expect(seen.connections).toBe(0)
  })

  it('refuses mixed public and private answers in both lookup forms', async () => {
    const lookup = createLookup(tableResolve({'mixed.test': ['93.184.216.34', '127.0.0.1']}), strict)
    for (const options of [{all: true}, {}]) {
      const error = await new Promise<NodeJS.ErrnoException | null>((resolve) => lookup('mixed.test', options, (err) => resolve(err)))
      expect(error?.code).toBe('EPRIVATE')
      expect(error?.message).toBe('mixed.test resolves to private address 127.0.0.1 (loopback)')
    }
  })

  it('answers the {all: true} form with an array and the single form with address and family', async () => {
    const lookup = createLookup(tableResolve({'pub.test': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946']}), strict)
    const all = await new Promise<unknown>((resolve, reject) =>
      lookup('pub.test', {all: true}, (err, addresses) => (err ? reject(err) : resolve(addresses))),
    )
    expect(all).toEqual([
      {address: '93.184.216.34', family: 4},
      {address: '2606:2800:220:1:248:1893:25c8:1946', family: 6},
    ])
    const single = await new Promise<unknown[]>((resolve, reject) =>
      lookup('pub.test', {}, (err, address, family) => (err ? reject(err) : resolve([address, family]))),
    )
    expect(single).toEqual(['93.184.216.34', 4])
    const six = await new Promise<unknown>((resolve, reject) =>
      lookup('pub.test', {family: 6, all: true}, (err, addresses) => (err ? reject(err) : resolve(addresses))),
    )
    expect(six as LookupAddress[]).toEqual([{address: '2606:2800:220:1:248:1893:25c8:1946', family: 6}])
  })

  it('keeps ENOTFOUND from the resolver', async () => {
    const lookup = createLookup(tableResolve({}), strict)
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) => lookup('nowhere.test', {all: true}, (err) => resolve(err)))
    expect(error?.code).toBe('ENOTFOUND')
    const empty = createLookup(async () => [], strict)
    const none = await new Promise<NodeJS.ErrnoException | null>((resolve) => empty('empty.test', {all: true}, (err) => resolve(err)))
    expect(none?.code).toBe('ENOTFOUND')
  })

  it('connects to the address the resolver gave (pinned) and sends the real Host', async () => {
    reset()
    const resolve = tableResolve({'site.test': ['127.0.0.1']})
    const answer = await fetchHop(new URL(`http://site.test:${port}/headers`), {
      agent: agent(optIn, resolve),
      timeoutMs: 2_000,
      maxBytes: 100_000,
    })
    expect(answer.status).toBe(200)
    expect(resolve.calls).toEqual(['site.test'])
    expect(seen.requests).toHaveLength(1)
    expect(seen.requests[0]?.headers.host).toBe(`site.test:${port}`)
    expect(seen.requests[0]?.socket.remoteAddress).toBe('127.0.0.1')
  })

  it('maps ENOTFOUND from the injected resolver to NetError ENOTFOUND', async () => {
    const error = await netError(
      fetchHop(new URL('http://nowhere.test/'), {agent: agent(strict, tableResolve({})), timeoutMs: 2_000, maxBytes: 1000}),
    )
    expect(error.code).toBe('ENOTFOUND')
  })

  it('the system resolver fails special-use names without asking DNS, and refuses those of private use as private', async () => {
    const resolve = systemResolve(false)
    const spy = vi.spyOn(dnsPromises, 'lookup').mockRejectedValue(new Error('DNS must not be asked'))
    for (const name of ['a.invalid', 'b.test', 'c.example']) {
      await expect(resolve(name)).rejects.toMatchObject({code: 'ENOTFOUND'})
    }
    await expect(resolve('x.onion')).rejects.toMatchObject({code: 'EONION'})
    for (const name of ['printer.local', 'metadata.google.internal', 'nas.home.arpa']) {
      await expect(resolve(name)).rejects.toMatchObject({code: 'EPRIVATE'})
    }
    expect(await resolve('localhost')).toEqual([{address: '127.0.0.1', family: 4}, {address: '::1', family: 6}])
    expect(await resolve('127.0.0.1')).toEqual([{address: '127.0.0.1', family: 4}])
    const error = await netError(
      fetchHop(new URL('http://metadata.google.internal/'), {agent: agent(strict), timeoutMs: 2_000, maxBytes: 1000}),
    )
    expect(error.code).toBe('EPRIVATE')
    expect(spy).not.toHaveBeenCalled()
  })
})

describe('fetchHop', () => {
  const hop = (path: string, extra: {timeoutMs?: number; maxBytes?: number; headers?: Record<string, string>} = {}) =>
    fetchHop(new URL(`${base}${path}`), {agent: open, timeoutMs: extra.timeoutMs ?? 3_000, maxBytes: extra.maxBytes ?? 2_000_000, headers: extra.headers})

  it('returns 200 with its body', async () => {
    const answer = await hop('/ok')
    expect(answer).toMatchObject({url: `${base}/ok`, status: 200, statusText: 'OK', truncated: false})
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(answer.body.equals(page)).toBe(true)
  })

  it('sends honest default headers, lets callers override them, and flattens response headers', async () => {
    const answer = await hop('/headers', {headers: {'Accept-Language': 'de'}})
    const sent = JSON.parse(answer.body.toString()) as Record<string, string>
    expect(USER_AGENT).toMatch(/^remark-lint-citations\/\d+\.\d+\.\d+\S* \(\+https:\/\/github\.com\/remarkjs\/remark-lint-citations\)$/)
    expect(sent['user-agent']).toBe(USER_AGENT)
    expect(sent.accept).toBe(defaultHeaders().accept)
    expect(sent['accept-encoding']).toBe('gzip, deflate, br')
    expect(sent['accept-language']).toBe('de')
    expect(answer.statusText).toBe('Fine Thanks')
    // One cookie a line: a cookie's `Expires=Wed, 21 Oct …` holds a comma.
    expect(answer.headers['set-cookie']).toBe('a=1\nb=2')
    expect(answer.headers['x-multi']).toBe('one, two')
  })

  it('takes response headers as large as browsers do, and no larger', async () => {
    const answer = await hop('/big-headers')
    expect(answer.status).toBe(200)
    expect(answer.body.equals(page)).toBe(true)
    expect(answer.headers['set-cookie']?.split('\n')).toHaveLength(300)
    // Past Chrome's 256 KB, a broken answer.
    expect((await netError(hop('/huge-headers'))).code).toBe('EPROTOCOL')
    // A reason phrase is a few words, whatever a server sends (it goes into every message about the page).
    const long = await hop('/long-reason')
    expect(long.status).toBe(500)
    expect(long.statusText).toMatch(/^(?:I?nternal )+\w*…$/)
    expect(long.statusText).toHaveLength(64)
  })

  it('returns a 301 as it is, with its location', async () => {
    const answer = await hop('/moved')
    expect(answer.status).toBe(301)
    expect(answer.headers.location).toBe('/ok')
    expect(answer.body.toString()).toContain('moved')
  })

  it('reads at most a small part of an error body', async () => {
    const answer = await hop('/gone-big')
    expect(answer.status).toBe(404)
    expect(answer.body.length).toBe(ERROR_BODY_LIMIT)
    expect(answer.truncated).toBe(true)
  })

  it.each(['/gzip', '/br', '/deflate', '/deflate-raw', '/deflate-raw-one-byte-first', '/gzip-br'])('decodes %s', async (path) => {
    const answer = await hop(path)
    expect(answer.status).toBe(200)
    expect(answer.truncated).toBe(false)
    expect(answer.body.equals(page)).toBe(true)
  })

  it('decodes a gzip body followed by stray bytes whole, as browsers do, not as nothing', async () => {
    const answer = await hop('/gzip-trailing')
    expect(answer.truncated).toBe(false)
    expect(answer.bodyError).toBeUndefined()
    expect(answer.body.equals(page)).toBe(true)
  })

  it.each(['/gzip-endless', '/deflate-endless', '/br-endless'])('%s: a page whose stray bytes after it never end is read, and its connection closed', async (path) => {
    const answer = await hop(path)
    expect(answer.truncated).toBe(false)
    expect(answer.body.equals(page)).toBe(true)
    // Left open, the connection took bytes for ever, and closing the agent (the end of a run) waited for it.
    await vi.waitFor(() => expect(endlessClosed.has(path)).toBe(true), {timeout: 2000})
  })

  it('a compressed page whose answer ends a moment after its data leaves its connection to the next request', async () => {
    const own = agent(optIn)
    const get = () => fetchHop(new URL(`${base}/gzip-late-end`), {agent: own, timeoutMs: 3_000, maxBytes: 2_000_000})
    const first = await get()
    await new Promise((resolve) => setTimeout(resolve, 100))
    const second = await get()
    expect([first.body.equals(page), second.body.equals(page)]).toEqual([true, true])
    // Not cut off as if its rest were stray bytes: the same keep-alive connection serves the next request.
    expect(latePorts[1]).toBe(latePorts[0])
  })

  it('does not pretend to decode an unsupported encoding', async () => {
    const answer = await hop('/zstd')
    expect(answer.status).toBe(200)
    expect(answer.body.length).toBe(0)
    expect(answer.truncated).toBe(true)
    expect(answer.bodyError?.code).toBe('EPROTOCOL')
  })

  it.each(['/bomb-gzip', '/bomb-br'])('stops a decompression bomb (%s) at maxBytes', async (path) => {
    const before = process.memoryUsage().arrayBuffers
    const started = Date.now()
    const answer = await hop(path, {maxBytes: 1_000_000})
    expect(answer.status).toBe(200)
    expect(answer.truncated).toBe(true)
    expect(answer.body.length).toBe(1_000_000)
    expect(answer.bodyError).toBeUndefined()
    expect(Date.now() - started).toBeLessThan(3_000)
    // 50 MB never materialised: allow the cap plus generous slack for buffers awaiting GC.
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(30 * 1024 * 1024)
  })

  it('returns what decoded from a corrupt gzip body, truncated, without throwing', async () => {
    const answer = await hop('/corrupt-gzip')
    expect(answer.status).toBe(200)
    expect(answer.truncated).toBe(true)
    expect(answer.bodyError?.code).toBe('EPROTOCOL')
    expect(page.subarray(0, answer.body.length).equals(answer.body)).toBe(true)
  })

  it('times out with ETIMEDOUT when the server never answers', async () => {
    const started = Date.now()
    const error = await netError(hop('/hang', {timeoutMs: 300}))
    const elapsed = Date.now() - started
    expect(error.code).toBe('ETIMEDOUT')
    expect(error.message).toBe('no answer within 0.3 s')
    expect(elapsed).toBeGreaterThanOrEqual(250)
    expect(elapsed).toBeLessThan(2_000)
  })

  it('returns a stalled body as truncated, not as an error', async () => {
    const started = Date.now()
    const answer = await hop('/stall', {timeoutMs: 400})
    expect(Date.now() - started).toBeLessThan(2_000)
    expect(answer.status).toBe(200)
    expect(answer.truncated).toBe(true)
    expect(answer.body.toString()).toBe('<title>partial</title>')
    expect(answer.bodyError?.code).toBe('ETIMEDOUT')
  })

  it('treats an abort from the caller like a deadline', async () => {
    const controller = new AbortController()
    const pending = fetchHop(new URL(`${base}/hang`), {agent: open, timeoutMs: 5_000, maxBytes: 1000, signal: controller.signal})
    setTimeout(() => controller.abort(), 50)
    const error = await netError(pending)
    expect(error.code).toBe('ETIMEDOUT')
  })

  it('maps a closed port to ECONNREFUSED', async () => {
    const spare = createServer()
    await new Promise<void>((resolve) => spare.listen(0, '127.0.0.1', resolve))
    const sparePort = (spare.address() as AddressInfo).port
    await new Promise<void>((resolve) => spare.close(() => resolve()))
    const error = await netError(fetchHop(new URL(`http://127.0.0.1:${sparePort}/`), {agent: open, timeoutMs: 2_000, maxBytes: 1000}))
    expect(error.code).toBe('ECONNREFUSED')
  })

  it('maps a dropped connection to ECONNRESET, garbage to EPROTOCOL, TLS to a plain server to ETLS', async () => {
    const start = async (onSocket: (socket: Socket) => void) => {
      const raw = createNetServer(onSocket)
      extraServers.push(raw)
      await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve))
      return (raw.address() as AddressInfo).port
    }
    const dropPort = await start((socket) => socket.once('data', () => socket.destroy()))
    const garbagePort = await start((socket) => socket.once('data', () => socket.end('HELLO THERE\r\n\r\n')))
    const get = (raw: string) => fetchHop(new URL(raw), {agent: open, timeoutMs: 2_000, maxBytes: 1000})
    expect((await netError(get(`http://127.0.0.1:${dropPort}/`))).code).toBe('ECONNRESET')
    expect((await netError(get(`http://127.0.0.1:${garbagePort}/`))).code).toBe('EPROTOCOL')
    const tls = await netError(get(`https://127.0.0.1:${port}/`))
    expect(tls.code).toBe('ETLS')
    // OpenSSL's reason alone, on one line: not `80…0000:error:0A00010B:SSL routines:…:354:\n`, new every run.
    expect(tls.message).toBe('wrong version number')
  })

  it('rejects bad options and non-http URLs clearly', async () => {
    await expect(fetchHop(new URL('ftp://a.test/'), {agent: open, timeoutMs: 1000, maxBytes: 1})).rejects.toMatchObject({code: 'EOTHER'})
    await expect(fetchHop(new URL(`${base}/ok`), {agent: open, timeoutMs: 0, maxBytes: 1})).rejects.toThrow(/timeoutMs/)
    await expect(fetchHop(new URL(`${base}/ok`), {agent: open, timeoutMs: 1000, maxBytes: -1})).rejects.toThrow(/maxBytes/)
  })

  it('keeps the connection usable after a capped read (no dangling socket)', async () => {
    await hop('/bomb-gzip', {maxBytes: 10})
    const answer = await hop('/ok')
    expect(answer.status).toBe(200)
  })
})

describe('toNetError', () => {
  it.each([
    [{code: 'EAI_NODATA'}, 'ENOTFOUND'],
    // The resolver's own failure (offline, DNS server down) says nothing of the host.
    [{code: 'EAI_AGAIN'}, 'EDNS'],
    [{code: 'EAI_FAIL'}, 'EDNS'],
    [{code: 'UND_ERR_SOCKET'}, 'ECONNRESET'],
    [{code: 'UND_ERR_CONNECT_TIMEOUT'}, 'ETIMEDOUT'],
    [{code: 'UND_ERR_HEADERS_TIMEOUT'}, 'ETIMEDOUT'],
    [{name: 'AbortError'}, 'ETIMEDOUT'],
    [{code: 'CERT_HAS_EXPIRED'}, 'ETLS'],
    [{code: 'ERR_TLS_CERT_ALTNAME_INVALID'}, 'ETLS'],
    [{code: 'HPE_INVALID_CONSTANT'}, 'EPROTOCOL'],
    [{code: 'UND_ERR_INFO'}, 'EPROTOCOL'],
    [{code: 'EPRIVATE'}, 'EPRIVATE'],
    [{code: 'EHOSTUNREACH'}, 'EOTHER'],
    [{message: 'odd'}, 'EOTHER'],
  ])('%j → %s', (fields, code) => {
    expect(toNetError(Object.assign(new Error('x'), fields)).code).toBe(code)
  })

  it('looks through causes and aggregate errors', () => {
    const inner = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), {code: 'ECONNREFUSED'})
    expect(toNetError(new Error('outer', {cause: inner})).code).toBe('ECONNREFUSED')
    expect(toNetError(new AggregateError([new Error('a'), inner])).code).toBe('ECONNREFUSED')
    expect(toNetError('a string').code).toBe('EOTHER')
  })
})

describe('undici', () => {
  it("the agent is undici's own Agent, loaded without the rest of undici (the verifier thread starts sooner)", async () => {
    // Fails when an undici upgrade moves the files: requests still work (the whole package is loaded instead).
    const core = await import('../src/net/undici.js')
    const undici = await import('undici')
    expect(core.loadedAlone).toBe(true)
    expect(core.Agent).toBe(undici.Agent)
    expect(core.buildConnector).toBe(undici.buildConnector)
  })
})
