// One URL hop by hop against a real loopback server: which answers are read as pages.

import {setTimeout as delay} from 'node:timers/promises'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {AddressPolicy} from '../src/net/address.js'
import {createAgent} from '../src/net/agent.js'
import {withBudget} from '../src/page/budget.js'
import {readPage, type ResponseView} from '../src/page/index.js'
import type {PageFacts} from '../src/types.js'
import {inspect, type InspectDeps} from '../src/verify/inspect.js'
import {Scheduler} from '../src/verify/scheduler.js'
import {liveTransport} from '../src/verify/transport.js'
import {html, redirect, startWeb, status, testResolve, type Web} from './helpers/web.js'

let web: Web
beforeAll(async () => {
  web = await startWeb({
    '/old': redirect(301, '/older'),
    '/older': redirect(302, '/article'),
    '/article': html('Heat pumps in cold climates'),
    // A redirect without a Location is the last answer: its page is what there is to judge.
    '/nowhere': status(302, {}, '<title>Just a moment...</title>'),
    // A megabyte of page.
    '/big': html('Big', `<p>${'A long report on heat pumps. '.repeat(36_000)}</p>`)
  })
})
afterAll(() => web.close())

/** Inspection over the live transport, with a page reader that notes every answer it is given to read. */
function setup(): {deps: InspectDeps; read: string[]} {
  const addresses = new AddressPolicy(['127.0.0.1/32'])
  const agent = createAgent({resolve: testResolve, addresses, connectTimeoutMs: 2000})
  const read: string[] = []
  const deps: InspectDeps = {
    transport: liveTransport({agent, proxies: undefined, hostHeaders: {}, timeoutMs: 5000, maxBytes: 1 << 20}),
    scheduler: new Scheduler({concurrency: 8, host: {concurrency: 2, interval: 0}, hosts: {}, wait: true}),
    addresses,
    maxRedirects: 5,
    timeoutMs: 5000,
    retry: {retries: 0, baseDelayMs: 10},
    sleep: (ms) => delay(ms),
    pages: {
      read: async (response) => {
        read.push(new URL(response.url).pathname)
        return readPage(response)
      },
      close: async () => {}
    }
  }
  return {deps, read}
}

describe('inspect', () => {
  it('reads only the page a redirect chain ends on: a redirect\'s own body never waits behind the pages being read', async () => {
    const {deps, read} = setup()
    const report = await inspect(web.origin('site.test') + '/old', deps)
    expect(report.liveness).toBe('alive')
    expect(report.page?.titles[0]?.text).toBe('Heat pumps in cold climates')
    expect(report.hops.map((hop) => [new URL(hop.url).pathname, hop.status])).toEqual([['/old', 301], ['/older', 302], ['/article', 200]])
    expect(read).toEqual(['/article'])
  })

  it('reads a redirect that names no Location, as the answer it is', async () => {
    const {deps, read} = setup()
    const report = await inspect(web.origin('site.test') + '/nowhere', deps)
    expect(read).toEqual(['/nowhere'])
    expect(report.status).toBe(302)
    expect(report.page?.titles[0]?.text).toBe('Just a moment...')
  })
})

describe('pages fetched faster than they are read', () => {
  it('wait for room: no request leaves while the unread pages hold the limit, and they leave once enough are read', async () => {
    const {deps} = setup()
    const held: Array<() => void> = []
    const slow = {read: (response: ResponseView) => new Promise<PageFacts>((done) => held.push(() => done(readPage(response)))), close: async () => {}}
    deps.pages = withBudget(slow, 2_500_000)
    const reports = Array.from({length: 10}, (_, index) => inspect(`${web.origin('big.test')}/big?${index}`, deps))
    /** Requests served once they stop coming. */
    const settled = async () => {
      let seen = -1
      while (seen !== web.hits('/big')) {
        seen = web.hits('/big')
        await delay(300)
      }
      return seen
    }
    // Nothing is read: requests stop once 2.5 MB wait (three pages), give or take the two in flight to the host.
    const stopped = await settled()
    expect(stopped).toBeGreaterThanOrEqual(3)
    expect(stopped).toBeLessThanOrEqual(5)
    expect(held).toHaveLength(stopped)
    // Read, and the rest leave.
    while (web.hits('/big') < 10 || held.length > 0) {
      held.shift()?.()
      await delay(20)
    }
    expect((await Promise.all(reports)).map((report) => report.liveness)).toEqual(Array(10).fill('alive'))
  })
})
