// The least time any checker needs for a corpus under per-host limits (critical path), computed from the model.
//
// Each cited URL becomes a chain of requests, found by replaying the server's own `respond` with a polite client
// that follows the package's policy: follow redirects (at most 5 hops), on 429 wait Retry-After (here 1 s) and try
// again, at most `retries` + 1 attempts per hop (the package's `retries`, default 2). Every request to host h takes the host's latency L_h and
// holds one of its `hostConcurrency` slots (at most 2 on a rate-limited host: more in flight only earns 429s); two
// request starts on one host are at least `hostInterval` ms apart; the Retry-After wait holds no slot.
//
// Lower bound = max(
//   longest chain (sum of its latencies and waits),
//   max over hosts of the host bound: n_h requests of L_h each on `hostConcurrency` slots with starts
//   `hostInterval` apart (optimal for one host of identical requests)
// ). Every schedule takes at least this long. `ideal` is one real schedule (event simulation, longest remaining
// chain first on every host): an upper bound on the optimum, so the optimum lies in [bound, ideal].

import {rateLimitInFlight, respond} from './model.mjs'

const maxRedirects = 5

/**
 * Request chain of one URL: [{host, ms, waitAfter}], as the polite client meets it in a fresh run. `maxAttempts` per
 * hop: the package's `retries` + 1.
 */
export function chainOf(world, entry, seenByPath, maxAttempts = 3) {
  const steps = []
  let url = entry.url
  const visited = new Set()
  for (let hop = 0; hop <= maxRedirects; hop++) {
    visited.add(url)
    const parsed = new URL(url)
    const host = world.hosts.find((candidate) => candidate.ip === parsed.hostname)
    if (!host) {
      steps.push({host: 0, ms: 0, waitAfter: 0}) // connection refused: no server, no slot, no latency
      return steps
    }
    let answer
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      const key = host.origin + parsed.pathname
      const seen = (seenByPath.get(key) ?? 0) + 1
      seenByPath.set(key, seen)
      answer = respond(host, parsed.pathname, seen, 1)
      const step = {host: host.id, ms: host.latency, waitAfter: 0}
      steps.push(step)
      if (answer.status !== 429 || attempt === maxAttempts) break
      step.waitAfter = Number(answer.headers['retry-after']) * 1000
    }
    const location = answer.status >= 300 && answer.status < 400 ? answer.headers.location : undefined
    if (!location) return steps
    const next = new URL(location, url).href
    if (visited.has(next)) return steps
    url = next
  }
  return steps
}

/** Earliest finish of n identical requests of `ms` each on one host with `slots` slots and starts `interval` apart. */
export function hostBound(n, ms, slots, interval) {
  if (n === 0) return 0
  const starts = []
  for (let k = 0; k < n; k++) {
    let start = k * interval
    if (k >= slots) start = Math.max(start, starts[k - slots] + ms, starts[k - 1] + interval)
    else if (k > 0) start = Math.max(start, starts[k - 1] + interval)
    starts.push(start)
  }
  return starts[n - 1] + ms
}

/**
 * `urls`: the model entries of the unique cited URLs. Returns the bound, where it comes from, the ideal schedule's
 * length, the least number of requests, and the bound a global limit of `concurrency` requests in flight adds.
 */
export function lowerBound(world, urls, {hostConcurrency, hostInterval, concurrency, attempts = 3}) {
  const seen = new Map()
  const chains = urls.map((entry) => ({url: entry.url, steps: chainOf(world, entry, seen, attempts)}))
  const perHost = new Map()
  let longest = {ms: 0, url: ''}
  let requests = 0
  let busy = 0
  for (const chain of chains) {
    let length = 0
    for (const step of chain.steps) {
      length += step.ms + step.waitAfter
      if (step.host === 0) continue
      requests++
      busy += step.ms
      perHost.set(step.host, (perHost.get(step.host) ?? 0) + 1)
    }
    chain.length = length
    if (length > longest.ms) longest = {ms: length, url: chain.url}
  }
  let worstHost = {ms: 0, host: undefined, requests: 0}
  for (const [id, n] of perHost) {
    const host = world.hosts[id - 1]
    const ms = hostBound(n, host.latency, slotsOf(host, hostConcurrency), hostInterval)
    if (ms > worstHost.ms) worstHost = {ms, host, requests: n}
  }
  const bound = Math.max(longest.ms, worstHost.ms)
  return {
    bound,
    from: worstHost.ms >= longest.ms ? 'host' : 'chain',
    worstHost,
    longest,
    ideal: simulate(world, chains, (host) => slotsOf(host, hostConcurrency), hostInterval),
    requests,
    globalBound: concurrency ? Math.max(bound, busy / concurrency) : undefined,
    busy
  }
}

/** A rate-limited host serves at most `rateLimitInFlight` at once: more in flight only earns 429s. */
function slotsOf(host, hostConcurrency) {
  return host.kind === 'rate429' ? Math.min(hostConcurrency, rateLimitInFlight) : hostConcurrency
}

/** One feasible schedule: per host, free slot → start the ready request whose chain has most time left. */
function simulate(world, chains, slotsFor, interval) {
  const events = new Heap((a, b) => a.time - b.time)
  const ready = new Map() // host → [{chain, index, remaining}]
  const busy = new Map()
  const lastStart = new Map()
  const remainingFrom = chains.map((chain) => {
    const rest = new Array(chain.steps.length + 1).fill(0)
    for (let i = chain.steps.length - 1; i >= 0; i--) rest[i] = rest[i + 1] + chain.steps[i].ms + chain.steps[i].waitAfter
    return rest
  })
  let end = 0
  const release = (c, index, time) => {
    const chain = chains[c]
    if (index >= chain.steps.length) {
      end = Math.max(end, time)
      return
    }
    const step = chain.steps[index]
    if (step.host === 0) return release(c, index + 1, time + step.ms + step.waitAfter)
    const list = ready.get(step.host) ?? []
    list.push({c, index, remaining: remainingFrom[c][index]})
    ready.set(step.host, list)
  }
  chains.forEach((_, c) => release(c, 0, 0))
  let time = 0
  const dispatch = () => {
    for (const [hostId, list] of ready) {
      if (list.length === 0) continue
      const host = world.hosts[hostId - 1]
      while (list.length > 0 && (busy.get(hostId) ?? 0) < slotsFor(host)) {
        const earliest = lastStart.has(hostId) ? lastStart.get(hostId) + interval : 0
        if (time < earliest) {
          events.push({time: earliest, kind: 'wake'})
          break
        }
        list.sort((a, b) => b.remaining - a.remaining)
        const job = list.shift()
        busy.set(hostId, (busy.get(hostId) ?? 0) + 1)
        lastStart.set(hostId, time)
        const step = chains[job.c].steps[job.index]
        events.push({time: time + host.latency, kind: 'done', hostId, job, wait: step.waitAfter})
      }
    }
  }
  dispatch()
  let guard = 0
  while (events.size > 0) {
    if (++guard > 10_000_000) throw new Error('lower-bound simulation did not converge')
    const event = events.pop()
    time = event.time
    if (event.kind === 'done') {
      busy.set(event.hostId, busy.get(event.hostId) - 1)
      if (event.wait > 0) events.push({time: time + event.wait, kind: 'release', job: event.job})
      else release(event.job.c, event.job.index + 1, time)
    } else if (event.kind === 'release') {
      release(event.job.c, event.job.index + 1, time)
    }
    if (events.size === 0 || events.peek().time > time) dispatch()
  }
  return end
}

class Heap {
  constructor(less) {
    this.less = less
    this.items = []
  }
  get size() {
    return this.items.length
  }
  peek() {
    return this.items[0]
  }
  push(item) {
    const items = this.items
    items.push(item)
    let i = items.length - 1
    while (i > 0) {
      const parent = (i - 1) >> 1
      if (this.less(items[i], items[parent]) >= 0) break
      ;[items[i], items[parent]] = [items[parent], items[i]]
      i = parent
    }
  }
  pop() {
    const items = this.items
    const top = items[0]
    const last = items.pop()
    if (items.length > 0) {
      items[0] = last
      let i = 0
      for (;;) {
        const l = 2 * i + 1
        const r = l + 1
        let m = i
        if (l < items.length && this.less(items[l], items[m]) < 0) m = l
        if (r < items.length && this.less(items[r], items[m]) < 0) m = r
        if (m === i) break
        ;[items[i], items[m]] = [items[m], items[i]]
        i = m
      }
    }
    return top
  }
}
