// Politeness against real loopback servers: per-host limits, gaps, 429 slowdowns, retries, keep-alive.

import type {IncomingMessage} from 'node:http'
import {afterEach, describe, expect, it} from 'vitest'
import {resolveSettings, type Options} from '../src/options.js'
import {CallQueue} from '../src/verify/call-queue.js'
import {Scheduler, type RunOptions, type Sending} from '../src/verify/scheduler.js'
import {longestPauseMs, longestWaitMs, parseRetryAfter, retryDelay} from '../src/verify/retry.js'
import {createVerifier, type Verifier} from '../src/verify/verifier.js'
import {html, startWeb, status, testResolve, type Handler, type Web} from './helpers/web.js'

const cleanup: Array<() => Promise<void>> = []
afterEach(async () => {
  await Promise.all(cleanup.splice(0).map((close) => close()))
})

async function setup(routes: Record<string, Handler>, options: Options = {}): Promise<{web: Web; verifier: Verifier}> {
  const web = await startWeb(routes)
  const verifier = createVerifier(resolveSettings({allowPrivateAddresses: ['127.0.0.1/32'], resolve: testResolve, cache: false, ...options}))
  cleanup.push(() => verifier.close(), () => web.close())
  return {web, verifier}
}

/** A handler answering after `ms`, recording in-flight counts and start times per host. */
function slow(ms: number, seen: {inFlight: Map<string, number>; max: Map<string, number>; starts: number[]}): Handler {
  return (request: IncomingMessage, response) => {
    const host = request.headers.host ?? ''
    const now = (seen.inFlight.get(host) ?? 0) + 1
    seen.inFlight.set(host, now)
    seen.max.set(host, Math.max(seen.max.get(host) ?? 0, now))
    seen.starts.push(Date.now())
    setTimeout(() => {
      seen.inFlight.set(host, (seen.inFlight.get(host) ?? 1) - 1)
      html('ok')(request, response)
    }, ms)
  }
}

function tracker() {
  return {inFlight: new Map<string, number>(), max: new Map<string, number>(), starts: [] as number[]}
}

describe('scheduler', () => {
  it('never has more requests in flight to one host than hostConcurrency, while other hosts proceed', async () => {
    const seen = tracker()
    const {web, verifier} = await setup({'/page': slow(80, seen)}, {hostConcurrency: 2, hostInterval: 0})
    const urls = ['a', 'b', 'c'].flatMap((host) => Array.from({length: 6}, (_, index) => `http://${host}.test:${web.port}/page?${index}`))
    const reports = await Promise.all(urls.map((url) => verifier.verify(url)))
    expect(reports.every((report) => report.liveness === 'alive')).toBe(true)
    expect([...seen.max.values()]).toEqual([2, 2, 2])
  })

  it('keeps the minimum gap between request starts to one host, and honours per-host overrides', async () => {
    const seen = tracker()
    const {web, verifier} = await setup({'/page': slow(1, seen)}, {hostConcurrency: 4, hostInterval: 0, hosts: {'polite.test': {interval: 150}}})
    await Promise.all(Array.from({length: 4}, (_, index) => verifier.verify(`http://polite.test:${web.port}/page?${index}`)))
    const gaps = seen.starts.slice(1).map((start, index) => start - seen.starts[index]!)
    // Seen at the server, a gap can be short by the first request's TCP connect (the later ones reuse its socket):
    // tens of ms on a loaded machine, against a few without the gap.
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(120)
  })

  it('per-host overrides are keyed by host name in any case or script; a scheme, port or path is an error naming the key', async () => {
    const seen = tracker()
    const {web, verifier} = await setup({'/page': slow(1, seen)}, {hostInterval: 0, hosts: {'Polite.TEST': {interval: 150}}})
    await Promise.all(Array.from({length: 3}, (_, index) => verifier.verify(`http://polite.test:${web.port}/page?${index}`)))
    for (const [index, start] of seen.starts.slice(1).entries()) expect(start - seen.starts[index]!).toBeGreaterThanOrEqual(120)
    expect(resolveSettings({hosts: {'bücher.de': {interval: 10}}}).hosts['xn--bcher-kva.de']).toEqual({interval: 10})
    // An IPv6 address as a URL has it, with or without its brackets.
    for (const key of ['::1', '[::1]']) expect(resolveSettings({hosts: {[key]: {interval: 10}}}).hosts['[::1]']).toEqual({interval: 10})
    for (const key of ['https://github.com', 'github.com:8080', 'github.com:80', 'github.com:', '[::1]:443', 'github.com/org', 'git*hub.com', '*.*.io', '*github.io']) {
      expect(() => resolveSettings({hosts: {[key]: {interval: 10}}})).toThrow(
        `Unexpected \`hosts\` key \`${key}\`, expected a host name such as \`github.com\` or \`*.github.io\` (no scheme, port or path)`
      )
    }
  })

  it('a host name with a trailing dot is the same host: an override written either way covers both spellings, which share one pace', async () => {
    expect(resolveSettings({hosts: {'Polite.TEST.': {interval: 10}, '*.Pages.TEST.': {interval: 20}}}).hosts).toMatchObject({
      'polite.test': {interval: 10},
      '*.pages.test': {interval: 20}
    })
    // testResolve knows no name with a trailing dot; the system resolver takes both.
    const resolve = async (hostname: string) => testResolve(hostname.replace(/\.$/, ''))
    for (const key of ['polite.test', 'polite.test.']) {
      const seen = tracker()
      const {web, verifier} = await setup({'/page': slow(1, seen)}, {hostInterval: 0, hosts: {[key]: {interval: 150}}, resolve})
      await Promise.all(
        ['polite.test', 'polite.test.', 'polite.test', 'polite.test.'].map((host, index) => verifier.verify(`http://${host}:${web.port}/page?${index}`))
      )
      expect(seen.starts).toHaveLength(4)
      for (const [index, start] of seen.starts.slice(1).entries()) expect(start - seen.starts[index]!).toBeGreaterThanOrEqual(120)
    }
  })

  it('a pause asked by a host written with a trailing dot is kept, and read back, under the host\'s name', async () => {
    const kept = new Map<string, number>()
    const pauses = {load: async (host: string) => kept.get(host) ?? 0, keep: (host: string, until: number) => kept.set(host, until)}
    const until = Date.now() + 60_000
    new Scheduler({concurrency: 1, host: {concurrency: 1, interval: 0}, hosts: {}, wait: true, pauses}).pause('paused.test.', until)
    expect([...kept]).toEqual([['paused.test', until]])
    // The next run: told of the pause before its first request, whichever way the URL writes the host.
    for (const host of ['paused.test', 'paused.test.']) {
      const next = new Scheduler({concurrency: 1, host: {concurrency: 1, interval: 0}, hosts: {}, wait: true, pauses})
      await next.run(host, async () => {})
      expect(next.pausedUntil(host)).toBe(until)
    }
  })

  it('a `*.domain` override covers every host under the domain (each with its own limits), and a host\'s own entry wins', async () => {
    const seen = tracker()
    const {web, verifier} = await setup({'/page': slow(1, seen)}, {hostInterval: 0, hosts: {'*.Pages.TEST': {interval: 150}, 'fast.pages.test': {interval: 0}}})
    const under = ['a.pages.test', 'b.c.pages.test', 'fast.pages.test', 'pages.test']
    for (const host of under) {
      seen.starts.length = 0
      await Promise.all(Array.from({length: 3}, (_, index) => verifier.verify(`http://${host}:${web.port}/page?${host}-${index}`)))
      const gaps = seen.starts.slice(1).map((start, index) => start - seen.starts[index]!)
      // The wildcard's 150 ms gap under pages.test; not for the host with its own entry, nor for pages.test itself.
      if (host === 'a.pages.test' || host === 'b.c.pages.test') expect(Math.min(...gaps)).toBeGreaterThanOrEqual(120)
      else expect(Math.max(...gaps)).toBeLessThan(100)
    }
  })

  it('a 429 is retried after Retry-After (seconds or HTTP date) and slows that host for the rest of the run', async () => {
    let first = true
    const seen = tracker()
    const {web, verifier} = await setup(
      {
        '/limited': (request, response) => {
          if (first) {
            first = false
            status(429, {'retry-after': new Date(Date.now() + 2000).toUTCString()})(request, response)
          } else html('ok')(request, response)
        },
        '/page': slow(60, seen)
      },
      {hostConcurrency: 2, hostInterval: 0}
    )
    const origin = web.origin('busy.test')
    const started = Date.now()
    expect((await verifier.verify(`${origin}/limited`)).liveness).toBe('alive')
    expect(Date.now() - started).toBeGreaterThanOrEqual(900) // waited for the HTTP date (whole seconds)
    expect(web.hits('/limited')).toBe(2)
    await Promise.all(Array.from({length: 4}, (_, index) => verifier.verify(`${origin}/page?${index}`)))
    expect(seen.max.get(`busy.test:${web.port}`)).toBe(1) // was 2 before the 429
  })

  it('retries 408, 5xx and resets with backoff, then reports the last answer', async () => {
    const counts: Record<string, number> = {}
    const flaky = (code: number): Handler => (request, response) => {
      const key = request.url ?? ''
      counts[key] = (counts[key] ?? 0) + 1
      if (counts[key] === 1) status(code)(request, response)
      else html('ok')(request, response)
    }
    const {web, verifier} = await setup({
      '/408': flaky(408),
      '/503': flaky(503),
      '/reset': (request, response) => {
        counts.reset = (counts.reset ?? 0) + 1
        if (counts.reset === 1) request.socket.destroy()
        else html('ok')(request, response)
      },
      '/down': status(502)
    }, {retries: 2})
    const origin = web.origin('site.test')
    for (const path of ['/408', '/503', '/reset']) expect((await verifier.verify(origin + path)).liveness).toBe('alive')
    const down = await verifier.verify(`${origin}/down`)
    expect(down.liveness).toBe('server-error')
    expect(web.hits('/down')).toBe(3)
  })

  it('reuses keep-alive connections to a host', async () => {
    const clientPorts = new Set<number>()
    const {web, verifier} = await setup(
      {
        '/page': (request, response) => {
          clientPorts.add(request.socket.remotePort ?? 0)
          html('ok')(request, response)
        }
      },
      {hostConcurrency: 1, hostInterval: 0}
    )
    for (let index = 0; index < 10; index++) await verifier.verify(`http://keep.test:${web.port}/page?${index}`)
    expect(clientPorts.size).toBeLessThanOrEqual(2) // ten requests, at most two sockets
  })

  it('gives a free slot to the host with most requests waiting, even when it was asked last', async () => {
    const order: string[] = []
    const record: Handler = (request, response) => {
      order.push(`${request.headers.host?.split('.')[0]} ${request.url}`)
      setTimeout(() => html('ok')(request, response), 20)
    }
    const {web, verifier} = await setup({'/page': record}, {concurrency: 1, hostInterval: 0})
    const once = ['a', 'b', 'c', 'd'].map((host) => verifier.verify(`http://${host}.test:${web.port}/page`))
    const busy = Array.from({length: 4}, (_, index) => verifier.verify(`http://busy.test:${web.port}/page?${index}`))
    await Promise.all([...once, ...busy])
    // `a` started at once (nothing else was waiting); then the busy host, although its requests came last: a run
    // ends when its busiest host is done, so that host must not wait behind one-off requests.
    expect(order.slice(0, 2)).toEqual(['a /page', 'busy /page?0'])
  })

  it('gives a free slot to a slow host with fewer requests waiting before a fast host with more: its queue takes longer', async () => {
    const order: string[] = []
    const answerAfter = (ms: number): Handler => (request, response) => {
      order.push(request.headers.host?.split('.')[0] ?? '')
      setTimeout(() => html('ok')(request, response), ms)
    }
    const {web, verifier} = await setup({'/fast': answerAfter(5), '/slow': answerAfter(300)}, {concurrency: 1, hostInterval: 0})
    // One answer from each host first, so the scheduler knows how long each takes.
    await verifier.verify(`http://fast.test:${web.port}/fast?warm`)
    await verifier.verify(`http://slow.test:${web.port}/slow?warm`)
    order.length = 0
    const fast = Array.from({length: 6}, (_, index) => verifier.verify(`http://fast.test:${web.port}/fast?${index}`))
    const slow = Array.from({length: 2}, (_, index) => verifier.verify(`http://slow.test:${web.port}/slow?${index}`))
    await Promise.all([...fast, ...slow])
    // The first fast request had the only slot to itself; then the slow host's two (0.6 s of answers) go before
    // the fast host's five (30 ms), although the fast host has more waiting and was asked first.
    expect(order.slice(0, 3)).toEqual(['fast', 'slow', 'slow'])
  })

  it('a host paced by an override (one request per 300 ms, like arXiv\'s) gets its slot before a host with more requests that may go at once', async () => {
    const order: string[] = []
    const record: Handler = (request, response) => {
      order.push(request.headers.host?.split('.')[0] ?? '')
      setTimeout(() => html('ok')(request, response), 10)
    }
    const {web, verifier} = await setup({'/page': record}, {concurrency: 1, hostInterval: 0, hosts: {'paced.test': {interval: 300}}})
    const first = verifier.verify(`http://other.test:${web.port}/page?first`)
    const many = Array.from({length: 6}, (_, index) => verifier.verify(`http://many.test:${web.port}/page?${index}`))
    const paced = Array.from({length: 2}, (_, index) => verifier.verify(`http://paced.test:${web.port}/page?${index}`))
    await Promise.all([first, ...many, ...paced])
    // Two paced requests need 0.3 s between them; six others need none: the paced host's queue is the longer one.
    expect(order.slice(0, 2)).toEqual(['other', 'paced'])
  })

  it('a retry goes behind its host\'s new requests: their 429 waits start sooner, so the run ends sooner', async () => {
    const order: string[] = []
    let limited = 0
    const {web, verifier} = await setup(
      {
        '/limited': (request, response) => {
          order.push('/limited')
          if (limited++ === 0) status(429, {'retry-after': '0'})(request, response)
          else html('ok')(request, response)
        },
        '/page': (request, response) => {
          order.push(request.url ?? '')
          setTimeout(() => html('ok')(request, response), 20)
        }
      },
      {hostConcurrency: 1, hostInterval: 0}
    )
    const origin = web.origin('one.test')
    const reports = await Promise.all([`${origin}/limited`, ...[1, 2, 3, 4].map((index) => `${origin}/page?${index}`)].map((url) => verifier.verify(url)))
    expect(reports.every((report) => report.liveness === 'alive')).toBe(true)
    expect(order).toEqual(['/limited', '/page?1', '/page?2', '/page?3', '/page?4', '/limited'])
  })

  /** A host that turns away the first request for each page (whatever else is in flight), and takes the retry. */
  async function warmUpHost(name: string) {
    const seen = tracker()
    const answered = new Set<string>()
    const {web, verifier} = await setup(
      {
        '/first': (request, response) => {
          // The retries take a moment, so those sent together are in flight together however busy the machine is.
          if (answered.has(request.url!)) return void setTimeout(() => html('ok')(request, response), 100)
          answered.add(request.url!)
          status(429, {'retry-after': '1'})(request, response)
        },
        '/page': slow(60, seen)
      },
      {hostConcurrency: 4, hostInterval: 0}
    )
    const origin = web.origin(name)
    return {
      /** Four new pages at once; true when all were found alive. */
      check: async (from: number) =>
        (await Promise.all([0, 1, 2, 3].map((index) => verifier.verify(`${origin}/first?${from + index}`)))).every((report) => report.liveness === 'alive'),
      /** One new page; true when found alive. */
      checkOne: async (index: number) => (await verifier.verify(`${origin}/first?${index}`)).liveness === 'alive',
      /** The most requests in flight while six more pages are checked. */
      mostInFlight: async () => {
        await Promise.all(Array.from({length: 6}, (_, index) => verifier.verify(`${origin}/page?${index}`)))
        return seen.max.get(`${name}:${web.port}`)
      }
    }
  }

  it('429s to one wave of requests lower the host limit once, not once each', async () => {
    const host = await warmUpHost('wave.test')
    expect(await host.check(0)).toBe(true)
    expect(await host.mostInFlight()).toBe(3) // four 429s within one second: one step down
  })

  it('a host that takes the retries at once is not slowed below what it took', async () => {
    const host = await warmUpHost('warmup.test')
    expect(await host.check(0)).toBe(true) // 4 → 3; the retries are taken 3 at a time
    expect(await host.check(4)).toBe(true) // a later complaint: the limit stays at 3
    expect(await host.mostInFlight()).toBe(3)
  })

  it('a host that turns away every first request and takes the retry is given back its pace, however the pages trickle in', async () => {
    // Pages cited a second apart, each alone on the host: every 429 is a new complaint, and no retry can prove more
    // than one at once. Read as complaints about pace they held the host at one request at a time (a large
    // benchmark host cited by files parsed over three seconds sat at one or two, and ended the run).
    const host = await warmUpHost('gated.test')
    const checks: Array<Promise<boolean>> = []
    for (const from of [0, 10, 20]) {
      checks.push(host.checkOne(from))
      await new Promise((done) => setTimeout(done, 1100))
    }
    expect(await Promise.all(checks)).toEqual([true, true, true])
    // Three URLs taken on their retry, none on its first try: a gate, not a limit. One step stays (a 429 slows).
    expect(await host.mostInFlight()).toBe(3)
  })

  it('a host that has taken a URL at its first ask is a rate limit: its 429s to new URLs slow it, however many it took on their retry', async () => {
    const scheduler = new Scheduler({concurrency: 10, host: {concurrency: 4, interval: 0}, hosts: {}, wait: true})
    for (const host of ['limit.test', 'gate.test']) {
      scheduler.slowDown(host) // 4 → 3
      if (host === 'limit.test') scheduler.accepted(host, 1)
      for (let index = 0; index < 3; index++) scheduler.accepted(host, 1, true)
    }
    await new Promise((done) => setTimeout(done, 1100))
    for (const host of ['limit.test', 'gate.test']) scheduler.slowDown(host)
    expect(scheduler.limits('limit.test').concurrency).toBe(2)
    expect(scheduler.limits('gate.test').concurrency).toBe(3)
  })

  it('a host that takes two at once is held at two: an answer got while another request\'s answer was on its way back proves two, not three', async () => {
    // The race behind a rate-limited host's steady 429s (four in ten of its requests on the large benchmark): a
    // third request leaves as the second one's answer arrives, so the host never had three at once.
    const scheduler = new Scheduler({concurrency: 10, host: {concurrency: 4, interval: 0}, hosts: {}, wait: true})
    const host = 'two.test'
    const pause = (ms: number) => new Promise((done) => setTimeout(done, ms))
    const sent: Sending[] = []
    const send = (ms: number, then?: () => void) =>
      scheduler.run(host, async (sending) => {
        sent.push(sending)
        await pause(ms)
        if (!then) return
        then()
        await pause(5) // the answer, on its way back
      })
    scheduler.slowDown(host) // a first complaint: 4 → 3
    let third: Promise<void> | undefined
    await Promise.all([send(600), send(150, () => (third = send(300)))])
    await third
    const [long, second, last] = sent
    expect([long!.inFlight, second!.inFlight, last!.inFlight]).toEqual([2, 2, 3])
    expect(last!.overlap).toBe(2) // the long one; the second had left
    for (const sending of sent) scheduler.accepted(host, sending.overlap)
    await pause(1100)
    scheduler.slowDown(host) // a later complaint
    expect(scheduler.limits(host).concurrency).toBe(2)
  })

  it('a host that asks for a pause has its waiting requests told at once, not after the request it is answering', async () => {
    const scheduler = new Scheduler({concurrency: 10, host: {concurrency: 1, interval: 0}, hosts: {}, wait: true})
    const host = 'pausing.test'
    const order: string[] = []
    const long = scheduler.run(host, async () => {
      await new Promise((done) => setTimeout(done, 400))
      order.push('long answered')
    })
    // In real use these tasks see the pause and return "not asked" without sending anything.
    const waiting = [1, 2].map((index) => scheduler.run(host, async () => void order.push(`waiting ${index} told`)))
    await new Promise((done) => setTimeout(done, 50))
    scheduler.pause(host, Date.now() + 60_000)
    await Promise.all([long, ...waiting])
    expect(order).toEqual(['waiting 1 told', 'waiting 2 told', 'long answered'])
  })

  it('requests sent together to a host that answers them together each prove they were all there at once', async () => {
    const scheduler = new Scheduler({concurrency: 10, host: {concurrency: 3, interval: 0}, hosts: {}, wait: true})
    const sent: Sending[] = []
    await Promise.all(
      [100, 110, 120].map((ms) =>
        scheduler.run('three.test', async (sending) => {
          sent.push(sending)
          await new Promise((done) => setTimeout(done, ms))
        })
      )
    )
    expect(sent.map((sending) => sending.overlap)).toEqual([3, 3, 3])
  })

  it('a URL whose retries all met 429s while other requests to its host were in flight gets one more try, alone, before it is called rate limited', async () => {
    // A host that counts requests: a second one in flight gets a 429, whichever URL it asks for.
    let inFlight = 0
    const {web, verifier} = await setup(
      {
        '/page': (request, response) => {
          if (inFlight > 0) return void setTimeout(() => status(429, {'retry-after': '0'})(request, response), 60)
          inFlight++
          setTimeout(() => {
            inFlight--
            html('ok')(request, response)
          }, 40)
        },
        '/refused': status(429, {'retry-after': '0'})
      },
      {hostConcurrency: 4, hostInterval: 0}
    )
    const origin = web.origin('counting.test')
    const reports = await Promise.all(Array.from({length: 6}, (_, index) => verifier.verify(`${origin}/page?${index}`)))
    // Without the lone try, which of the six ended "rate limited" depended on the order the host answered them.
    expect(reports.map((report) => report.liveness)).toEqual(Array(6).fill('alive'))
    // A URL refused while alone on its host is rate limited after its three tries, with no fourth.
    expect((await verifier.verify(`${origin}/refused`)).liveness).toBe('blocked')
    expect(web.hits('/refused')).toBe(3)
  })

  it('the gap to a host runs from when a request leaves: one that waited after its start does not shorten it', async () => {
    const scheduler = new Scheduler({concurrency: 10, host: {concurrency: 4, interval: 100}, hosts: {}, wait: true})
    const left: number[] = []
    const request = (waitMs: number) =>
      scheduler.run('gap.test', async () => {
        // As a request waits for the pages fetched before it to be read (InspectDeps.pages).
        await new Promise((done) => setTimeout(done, waitMs))
        scheduler.leaving('gap.test')
        left.push(Date.now())
      })
    await Promise.all([request(40), request(0)])
    expect(left[1]! - left[0]!).toBeGreaterThanOrEqual(95)
  })

  it('a request sent alone stays alone: a new request and a redirect\'s next hop ready meanwhile wait for its end', async () => {
    const scheduler = new Scheduler({concurrency: 10, host: {concurrency: 4, interval: 0}, hosts: {}, wait: true})
    const events: string[] = []
    const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))
    const request = (name: string, ms: number, options?: RunOptions) =>
      scheduler.run(
        'alone.test',
        async () => {
          events.push(`${name} sent`)
          await sleep(ms)
          events.push(`${name} answered`)
        },
        options
      )
    const alone = request('alone', 150, {alone: true})
    await sleep(30)
    await Promise.all([alone, request('new', 10), request('hop', 10, {resumed: true})])
    expect(events.slice(0, 2)).toEqual(['alone sent', 'alone answered'])
    expect(events.slice(2).filter((event) => event.endsWith('sent'))).toEqual(['hop sent', 'new sent'])
  })

  it('a host that refuses every request says nothing of counts: two URLs refused together get three tries each, not a fourth alone', async () => {
    const {web, verifier} = await setup({'/refused': status(429, {'retry-after': '0'})}, {hostConcurrency: 4, hostInterval: 0})
    const origin = web.origin('refusing.test')
    const reports = await Promise.all([1, 2].map((index) => verifier.verify(`${origin}/refused?${index}`)))
    expect(reports.map((report) => report.liveness)).toEqual(['blocked', 'blocked'])
    expect(web.hits('/refused')).toBe(6)
  })

  it('a 429 asking for a longer pause than retries wait pauses the host: its other URLs are not asked, and say so at once', async () => {
    const {web, verifier} = await setup(
      {'/limited': status(429, {'retry-after': '3600'}), '*': html('Fine')},
      {hostConcurrency: 1, hostInterval: 200}
    )
    const origin = web.origin('api.test')
    const started = performance.now()
    const reports = await Promise.all(Array.from({length: 30}, (_, index) => verifier.verify(`${origin}/${index === 0 ? 'limited' : `page-${index}`}`)))
    // One request in all: the 29 others were queued behind it and are answered without waiting their gaps (29 × 200 ms).
    expect(web.hits('/limited')).toBe(1)
    expect(reports.slice(1).every((report) => web.hits(new URL(report.url).pathname) === 0)).toBe(true)
    expect(performance.now() - started).toBeLessThan(4000)
    expect(reports[0]).toMatchObject({liveness: 'blocked', reason: 'rate limited, 429 Too Many Requests'})
    expect(reports[1]).toMatchObject({liveness: 'blocked', reason: expect.stringMatching(/^rate limited, not asked: the host asked for a pause until \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/)})
    // Other hosts go on as before.
    expect((await verifier.verify(`${web.origin('other.test')}/page-1`)).liveness).toBe('alive')
  })

  it('a pause asked for centuries ahead (a server\'s slip) pauses the host for a day, and its other URLs say until when', async () => {
    const {web, verifier} = await setup({'/limited': status(429, {'retry-after': '9'.repeat(300)}), '*': html('Fine')}, {hostConcurrency: 1})
    const origin = web.origin('api.test')
    const reports = await Promise.all(['limited', 'page'].map((path) => verifier.verify(`${origin}/${path}`)))
    expect(reports[0]).toMatchObject({liveness: 'blocked', reason: 'rate limited, 429 Too Many Requests'})
    const until = /until (\S+)$/.exec(reports[1]!.reason)?.[1]
    expect(reports[1]!.liveness).toBe('blocked')
    expect(Date.parse(until!) - Date.now()).toBeGreaterThan(longestPauseMs - 60_000)
    expect(Date.parse(until!) - Date.now()).toBeLessThanOrEqual(longestPauseMs)
  })
})

describe('retry waits', () => {
  const answer = (status: number, headers: Record<string, string> = {}) => ({url: 'http://site.test/', status, statusText: '', headers, body: Buffer.alloc(0), truncated: false})

  it('backoff doubles from the base, with jitter, and stops growing at ten seconds however many retries are allowed', () => {
    const policy = {retries: 20, baseDelayMs: 500}
    expect(retryDelay(answer(503), 1, policy, () => 0)).toBe(500)
    expect(retryDelay(answer(503), 2, policy, () => 0.5)).toBe(1500)
    expect(retryDelay(answer(503), 10, policy, () => 0)).toBe(longestWaitMs)
    expect(retryDelay(answer(503), 20, policy, () => 1)).toBe(longestWaitMs)
    expect(longestWaitMs).toBe(10_000)
  })

  it('a Retry-After on a 429 or a 503 sets the wait; beyond ten seconds it ends the retries at once', () => {
    const policy = {retries: 5, baseDelayMs: 500}
    for (const status of [429, 503]) {
      expect(retryDelay(answer(status, {'retry-after': '3'}), 1, policy)).toBe(3_000)
      expect(retryDelay(answer(status, {'retry-after': '10'}), 1, policy)).toBe(10_000)
      expect(retryDelay(answer(status, {'retry-after': '11'}), 1, policy)).toBeUndefined()
    }
  })

  it('a Retry-After that is neither digits nor a date with its month and time is no Retry-After: the backoff applies', () => {
    const policy = {retries: 5, baseDelayMs: 500}
    for (const value of ['-5', '1.5', '1e3', 'soon', '', 'in 2', 'a 1', 'Tue 1', 'now 0', 'Nov 5', 'Tue, 24 Nov 2026']) {
      expect(retryDelay(answer(429, {'retry-after': value}), 1, policy, () => 0)).toBe(500)
    }
    const now = Date.parse('2026-11-23T12:00:00Z')
    expect(parseRetryAfter('Mon, 23 Nov 2026 12:00:30 GMT', now)).toBe(30_000)
    expect(parseRetryAfter('Monday, 23-Nov-26 12:00:30 GMT', now)).toBe(30_000)
    expect(parseRetryAfter('Sun Nov 22 12:00:00 2026', now)).toBe(0)
    expect(parseRetryAfter('Fri, 01 Jan 9999 00:00:00 GMT', now)).toBe(longestPauseMs)
    expect(parseRetryAfter('9'.repeat(400), now)).toBe(longestPauseMs)
  })
})

describe('verifier thread start order', () => {
  const drain = (queue: CallQueue<string>): string[] => {
    const order: string[] = []
    for (let call = queue.shift(); call !== undefined; call = queue.shift()) order.push(call)
    return order
  }

  it('the host cited most gets every other start, while the rest start in the order files cited them', () => {
    const queue = new CallQueue<string>()
    for (const call of ['a1', 'b1', 'c1', 'a2', 'd1', 'a3', 'a4']) queue.push(call[0]!, call)
    // By turns: the oldest call, then the oldest of host a (cited four times).
    expect(drain(queue)).toEqual(['a1', 'a2', 'b1', 'a3', 'c1', 'a4', 'd1'])
    expect(queue.size).toBe(0)
  })

  it('calls that arrive while others wait join both orders: a host cited more later overtakes', () => {
    const queue = new CallQueue<string>()
    for (const call of ['a1', 'a2', 'b1']) queue.push(call[0]!, call)
    expect(queue.shift()).toBe('a1')
    for (const call of ['b2', 'b3']) queue.push(call[0]!, call)
    expect(drain(queue)).toEqual(['b1', 'a2', 'b2', 'b3'])
  })

  it('once every call has started, the next burst starts afresh: a host cited most in an earlier run has no head start', () => {
    const queue = new CallQueue<string>()
    for (const call of ['a1', 'a2', 'a3']) queue.push(call[0]!, call)
    drain(queue)
    for (const call of ['b1', 'b2', 'c1', 'a4', 'c2']) queue.push(call[0]!, call)
    // Counted afresh: b (two) ties with c and came first; a has one.
    expect(drain(queue)).toEqual(['b1', 'b2', 'c1', 'c2', 'a4'])
  })

  it('a file citing 200,000 hosts once each starts every call once', () => {
    const queue = new CallQueue<string>()
    for (let index = 0; index < 200_000; index++) queue.push(`host-${index}`, `call-${index}`)
    const order = drain(queue)
    expect(order).toHaveLength(200_000)
    expect(new Set(order).size).toBe(200_000)
  })
})
