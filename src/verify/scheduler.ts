// Politeness: a global limit on requests in flight, and per host a limit, a minimum gap, and slowdowns.
//
// One dispatcher hands out the global slots. Among the hosts that may start a request now, the one whose
// waiting requests will take longest goes first: a run ends when its slowest queue is done, so that host
// must never sit idle behind one-off requests to other hosts. "Longest" is the queue times the time one
// request holds the host: its gap, or its answer time shared by its slots, whichever is longer. Counting
// requests alone (lychee's host pool) put a slow host's eight requests, or arXiv's three at one per 3 s,
// behind a fast host's twenty, though those take seconds and the twenty a moment.

import {setTimeout as delay} from 'node:timers/promises'
import {entryForHost, normalizeHostname} from '../net/names.js'
import type {HostLimits, HostSlot} from '../types.js'

export interface SchedulerOptions {
  /** Requests in flight over all hosts. */
  concurrency: number
  /** Limits for every host without an override. */
  host: HostLimits
  /** Per-host overrides, by host name. */
  hosts: Record<string, Partial<HostLimits>>
  /** Waits are skipped when false (offline replays have no host to be polite to). */
  wait: boolean
  /**
   * Keeps a host's limits among other processes too (a shared cache, see `SourceCache.hostSlot`): called as a
   * request starts, it grants a slot among them and how long to wait for its start, or says they are all held.
   */
  share?: ((host: string, limits: HostLimits) => Promise<HostSlot>) | undefined
  /**
   * Where the pauses hosts ask for outlive the run (the cache): read before a host's first request, written when
   * one is asked for, so a later run, or a job sharing the cache, leaves the host alone too.
   */
  pauses?: {load(host: string): Promise<number>; keep(host: string, until: number): void} | undefined
}

export interface RunOptions {
  /**
   * The next hop of a redirect: goes before the host's new requests, as its URL is half done. A retry is not
   * resumed: it goes behind them. Its wait is over, while a new request may still earn one (a 429 and its
   * Retry-After), and a run ends with its longest chain: on the large benchmark a URL turned away three times,
   * cited by a late file, queued behind retries for 1.9 s and ended the run; sent first, runs took 0.5 s less.
   */
  resumed?: boolean
  /** Starts only with no other request to the host in flight, and holds back the host's others meanwhile. */
  alone?: boolean
}

interface Waiting {
  start: () => void
  alone: boolean
}

/** A request as it is sent: what the host was handling beside it. */
export interface Sending {
  /** Requests to the host in flight as this one started, itself included. */
  readonly inFlight: number
  /**
   * Once answered: how many requests the host surely had at once with this one, itself included. `inFlight` is
   * not that: a request whose answer was on its way back as this one left had already left the host.
   */
  readonly overlap: number
}

/** A request in flight, as the host's other requests see it. */
interface InFlight extends Sending {
  /** Set once answered (see `overlapOf`). */
  overlap: number
  /** When it was sent (performance.now()). */
  sent: number
  /** The requests that ended while this one was in flight: when each was sent and answered. */
  othersEnded: Array<{sent: number; ended: number}>
}

interface HostState {
  limits: HostLimits
  active: number
  /** Requests in flight that go alone (see `RunOptions.alone`): none other starts beside them. */
  alone: number
  /** Requests waiting for this host, in the order they start. */
  waiting: Waiting[]
  /** Requests in flight to this host. */
  sending: Set<InFlight>
  /** Earliest time the next request may start. */
  nextStart: number
  /** Until when further 429s are part of the last one's complaint (see slowDown); 0: never complained. */
  calmUntil: number
  /** Most requests the host has surely served at once without a 429 since it first complained (see `Sending.overlap`). */
  proven: number
  /** Whether the host has answered anything but a 429. */
  took: boolean
  /** Whether it has answered anything but a 429 to a URL it had not turned away before. */
  tookFirst: boolean
  /** URLs it took after turning them away with a 429 (see `gates`). */
  tookRefused: number
  /** The concurrency it was given, before any 429. */
  given: number
  /** No request before this time (ms since the epoch): the host asked for a pause. 0: none. */
  pausedUntil: number
  /** Reading the pause an earlier run recorded for the host (once). */
  recorded: Promise<void> | undefined
  /** Recent answer time (ms, smoothed); undefined until the first answer. */
  latency: number | undefined
  /** The backlog bucket the host is filed under (see `#enter`); -1 while it is not. */
  bucket: number
}

/**
 * How many requests the host surely had at once with `request`, answered at `ended` (see `Sending.overlap`). Each
 * request was at the host for some part of the time it was in flight: about that time less the journey out and
 * back, here taken as a quarter of `request`'s answer time at each end (on loopback it is nearly all of it, over
 * a network rarely less than half). The most of those shortened spans open at one moment within this request's
 * own. Counting the requests this one overlapped, one by one, is not that: one that ended as the next began
 * overlapped both, and the host never had three.
 */
function overlapOf(request: InFlight, inFlight: Set<InFlight>, ended: number): number {
  const margin = (ended - request.sent) / 4
  const from = request.sent + margin
  const to = ended - margin
  const edges: Array<[at: number, change: number]> = []
  const span = (sent: number, end: number): void => {
    const start = Math.max(sent + margin, from)
    const stop = Math.min(end - margin, to)
    if (start < stop) edges.push([start, 1], [stop, -1])
  }
  for (const other of inFlight) span(other.sent, ended)
  for (const other of request.othersEnded) span(other.sent, other.ended)
  // An end before a start at the same moment: touching spans are not at the host together.
  edges.sort((a, b) => a[0] - b[0] || a[1] - b[1])
  let open = 0
  let most = 0
  for (const [, change] of edges) most = Math.max(most, (open += change))
  return 1 + most
}

/**
 * Whether a host with requests waiting has no room for the next one: its slots are taken (one, for a request that
 * goes alone), or a request that goes alone is in flight. A paused host's requests are not sent, so they need none.
 */
function full(state: HostState, now: number): boolean {
  if (state.pausedUntil > now) return false
  return state.alone > 0 || state.active >= (state.waiting[0]!.alone ? 1 : state.limits.concurrency)
}

/**
 * Longest wait for a slot and start shared among processes: a host's queue shared by many jobs can run this far
 * ahead, and a wait beyond it (a clock or a key gone wrong, slots of killed jobs) is not worth stalling a run for.
 */
const longestShareWaitMs = 60_000
/** How often to ask again while every shared slot of a host is held. */
const slotPollMs = 50
/** 429s closer together than this are one complaint, whatever Retry-After said. */
const minimumSlowDownWindowMs = 1000
/** URLs taken after a 429, with none taken at its first ask, that show a host turns away first requests (see `gates`). */
const gateEvidence = 3

/**
 * Whether the host turns away each URL's first request and takes the next, whatever the load: a gate on first
 * visits, not a limit on pace, and its 429s to new URLs say nothing about how fast to go. A rate limit takes a new
 * URL whenever the load is low enough, and a host's new requests start before its retries (`RunOptions.resumed`):
 * one that has taken several URLs on their retry and none at its first ask is gated. Seen on the large benchmark:
 * such a host, cited by files parsed over three seconds, was held at one or two requests at a time and ended the
 * run; given back its pace, runs took 0.4 s less.
 */
function gates(state: HostState): boolean {
  return !state.tookFirst && state.tookRefused >= gateEvidence
}
/** Answer time assumed before any host has answered. */
const assumedLatencyMs = 200
/** Weight of the newest answer time in a host's smoothed latency. */
const latencyWeight = 0.3
/** Backlog buckets per doubling of a queue's time: hosts within ~9 % of each other share one. */
const bucketsPerDoubling = 8

export class Scheduler {
  readonly #options: SchedulerOptions
  readonly #hosts = new Map<string, HostState>()
  /**
   * Hosts with requests waiting and room for one, by how long their queue takes (a bucket number, see
   * `#bucketOf`): the slowest queue is found without looking at every host (a corpus may cite 20,000 hosts once
   * each, where a full scan per request costs seconds). A host at its limit is filed again when a request of
   * its own ends: scanned on every dispatch, busy hosts took a large cold run to 138k looks, against 57k now.
   */
  readonly #backlog = new Map<number, Set<HostState>>()
  /** No host is filed in a higher bucket than this. */
  #longest = 0
  #active = 0
  /** Mean answer time over all hosts so far: what a host that has not answered yet is assumed to take. */
  #typicalLatency = {total: 0, count: 0}
  /** Wakes the dispatcher when a host's gap has passed; one timer, for the earliest such host. */
  #timer: {at: number; handle: NodeJS.Timeout} | undefined

  constructor(options: SchedulerOptions) {
    this.#options = options
  }

  /**
   * Runs `task` when the host and the whole process have room, and the host's gap has passed (with `share`, also
   * among the other processes sharing the cache: a shared slot, and the start it reserved). `task` is told what
   * else the host is handling (see `Sending`).
   */
  async run<T>(hostname: string, task: (sending: Sending) => Promise<T>, {resumed = false, alone = false}: RunOptions = {}): Promise<T> {
    const host = normalizeHostname(hostname)
    const state = this.#host(host)
    const {pauses} = this.#options
    if (pauses) {
      state.recorded ??= pauses.load(host).then((until) => {
        state.pausedUntil = Math.max(state.pausedUntil, until)
      })
      await state.recorded
    }
    const giveUpAt = performance.now() + longestShareWaitMs
    let shared: HostSlot | undefined
    for (let again = false; ; again = true) {
      await this.#turn(state, resumed || again, alone)
      shared = await this.#sharedSlot(host, state, giveUpAt)
      if (!shared?.busy) break
      // Other jobs hold every shared slot of the host: this process's slots go to other hosts meanwhile, and the
      // host's requests are asked again a poll later, this one first.
      this.#leave(state)
      state.nextStart = Math.max(state.nextStart, Date.now() + slotPollMs)
      this.#enter(state)
      this.#release(state, alone)
    }
    try {
      // A monotonic clock: a wall clock set back mid-request would give a negative time, and no bucket.
      const started = performance.now()
      // A paused host's task sends nothing (see `pause`): its instant return is no answer time.
      const sent = state.pausedUntil <= Date.now()
      const sending: InFlight = {inFlight: state.active, overlap: 1, sent: started, othersEnded: []}
      state.sending.add(sending)
      try {
        return await task(sending)
      } finally {
        const ended = performance.now()
        state.sending.delete(sending)
        sending.overlap = overlapOf(sending, state.sending, ended)
        for (const other of state.sending) other.othersEnded.push({sent: started, ended})
        if (sent) this.#answered(state, ended - started)
        void shared?.free()
      }
    } finally {
      this.#release(state, alone)
    }
  }

  /** Waits for the host's and the process's room, and the host's gap. */
  #turn(state: HostState, resumed: boolean, alone: boolean): Promise<void> {
    return new Promise<void>((start) => {
      this.#leave(state)
      if (resumed) state.waiting.unshift({start, alone})
      else state.waiting.push({start, alone})
      this.#enter(state)
      this.#dispatch()
    })
  }

  /** A request's slots, given back; the host's others may start again once the one that went alone is done. */
  #release(state: HostState, alone: boolean): void {
    this.#leave(state)
    state.active--
    if (alone) state.alone--
    this.#enter(state)
    this.#active--
    this.#dispatch()
  }

  /**
   * With a shared cache, a slot of the host among every process (or `busy`), after the wait for the start it
   * reserved; none after {@link longestShareWaitMs} (`giveUpAt`), or where nothing is shared.
   */
  async #sharedSlot(host: string, state: HostState, giveUpAt: number): Promise<HostSlot | undefined> {
    const {share, wait} = this.#options
    if (!share || !wait || performance.now() >= giveUpAt) return undefined
    const slot = await share(host, state.limits)
    if (!slot.busy && slot.waitMs > 0) await delay(Math.min(slot.waitMs, Math.max(0, giveUpAt - performance.now())))
    return slot
  }

  /**
   * A 429: one request fewer in flight to that host for the rest of the run, but not fewer than the host
   * has since answered without complaint (see `accepted`), and at least one. 429s that arrive within the
   * wait the first one asked for (`windowMs`, at least a second) are the same complaint and lower the
   * limit once, as TCP reduces its window once per loss event. The request that got it waits its
   * Retry-After before trying again; the host's other requests do not (a per-URL 429 would otherwise
   * stall a whole host, and a doubling gap compounds). A first request's 429 from a host that `gates` is no
   * complaint (`refused`: the URL had met a 429 before).
   */
  slowDown(host: string, windowMs = 0, refused = false): void {
    const state = this.#host(host)
    const now = Date.now()
    if (now < state.calmUntil || (!refused && gates(state))) return
    state.calmUntil = now + Math.max(windowMs, minimumSlowDownWindowMs)
    this.#leave(state)
    state.limits.concurrency = Math.max(1, state.proven, state.limits.concurrency - 1)
    this.#enter(state)
  }

  /**
   * An answer other than 429 to a request the host surely had at once with `overlap` requests, itself included
   * (see `Sending.overlap`). Once a host has complained, such an answer proves it takes that many at once: a host that turns
   * away each page's first request, and takes the retry, is not slowed to one request at a time. Counted at the
   * start instead, a request sent with two others, one of which ended before it arrived, proved three to a
   * host that takes two, and held it there: four in ten of its requests were 429s. `refused`: the URL had met a
   * 429 before (see `gates`).
   */
  accepted(host: string, overlap: number, refused = false): void {
    const state = this.#host(host)
    state.took = true
    if (!refused) state.tookFirst = true
    else if (!state.tookFirst && ++state.tookRefused === gateEvidence) {
      // Found to gate: the steps its first 429s took are given back, but for one (see `gates`).
      this.#leave(state)
      state.limits.concurrency = Math.max(state.limits.concurrency, state.given - 1, 1)
      this.#enter(state)
      this.#dispatch()
    }
    if (state.calmUntil > 0) state.proven = Math.max(state.proven, Math.min(overlap, state.limits.concurrency))
  }

  /** The host asked for a pause (a long Retry-After on a 429): its requests are not sent before `until` (ms since the epoch). */
  pause(hostname: string, until: number): void {
    // Kept as `run` reads it back: `github.com.` is github.com.
    const host = normalizeHostname(hostname)
    const state = this.#host(host)
    if (until <= state.pausedUntil) return
    // Filed again, and told at once: a paused host's waiting requests need no room (see `full`).
    this.#leave(state)
    state.pausedUntil = until
    this.#enter(state)
    this.#dispatch()
    this.#options.pauses?.keep(host, until)
  }

  /**
   * A request to the host leaves now, after the waits of its own since it started (see `InspectDeps.pages`): the
   * host's gap runs from here, not only from its start, or the host saw the next request that much sooner.
   */
  leaving(host: string): void {
    const state = this.#host(host)
    state.nextStart = Math.max(state.nextStart, Date.now() + state.limits.interval)
  }

  /** Until when the host asked not to be sent requests (ms since the epoch); 0 when it did not. */
  pausedUntil(host: string): number {
    return this.#host(host).pausedUntil
  }

  /** Whether the host has answered a request with anything but a 429: one that refuses all says nothing of counts. */
  tookAny(host: string): boolean {
    return this.#host(host).took
  }

  /** Current limits of a host (reports, tests). */
  limits(host: string): HostLimits {
    return {...this.#host(host).limits}
  }

  /** Starts waiting requests while there are global slots, slowest queue first. */
  #dispatch(): void {
    const now = Date.now()
    while (this.#active < this.#options.concurrency) {
      while (this.#longest > 0 && !this.#backlog.get(this.#longest)?.size) this.#longest--
      let best: HostState | undefined
      let soonest = Infinity
      scan: for (let bucket = this.#longest; bucket >= 0; bucket--) {
        for (const state of this.#backlog.get(bucket) ?? []) {
          // A paused host's requests are not sent (the task says so at once): they need no room and no gap.
          const paused = state.pausedUntil > now
          if (full(state, now)) continue
          if (!paused && this.#options.wait && state.nextStart > now) {
            soonest = Math.min(soonest, state.nextStart)
            continue
          }
          best = state
          break scan
        }
      }
      if (!best) {
        if (soonest !== Infinity) this.#wakeAt(soonest)
        return
      }
      best.active++
      this.#active++
      best.nextStart = now + best.limits.interval
      this.#leave(best)
      const {start, alone} = best.waiting.shift()!
      if (alone) best.alone++
      this.#enter(best)
      start()
    }
  }

  /** A request to `state` took `ms`: its latency follows, and so does the one assumed for hosts not yet answered. */
  #answered(state: HostState, ms: number): void {
    this.#typicalLatency.total += ms
    this.#typicalLatency.count++
    this.#leave(state)
    state.latency = state.latency === undefined ? ms : state.latency + latencyWeight * (ms - state.latency)
    this.#enter(state)
  }

  /**
   * How long the host's waiting requests take, as a bucket: each holds the host for its gap or for its share
   * of the answer time over the host's slots, whichever is longer. Logarithmic, so the scan stays short.
   */
  #bucketOf(state: HostState): number {
    const {total, count} = this.#typicalLatency
    const latency = state.latency ?? (count > 0 ? total / count : assumedLatencyMs)
    const each = Math.max(state.limits.interval, latency / state.limits.concurrency)
    return Math.floor(Math.log2(1 + state.waiting.length * each) * bucketsPerDoubling)
  }

  /** Takes a host out of its backlog bucket, before its queue, its pace or its requests in flight change. */
  #leave(state: HostState): void {
    if (state.bucket < 0) return
    this.#backlog.get(state.bucket)!.delete(state)
    state.bucket = -1
  }

  /** Files a host in the backlog bucket for its queue, after it changed, unless it is `full`. */
  #enter(state: HostState): void {
    if (state.waiting.length === 0 || full(state, Date.now())) return
    state.bucket = this.#bucketOf(state)
    let bucket = this.#backlog.get(state.bucket)
    if (!bucket) this.#backlog.set(state.bucket, (bucket = new Set()))
    bucket.add(state)
    this.#longest = Math.max(this.#longest, state.bucket)
  }

  #wakeAt(at: number): void {
    if (this.#timer && this.#timer.at <= at) return
    if (this.#timer) clearTimeout(this.#timer.handle)
    const handle = setTimeout(() => {
      this.#timer = undefined
      this.#dispatch()
    }, at - Date.now())
    this.#timer = {at, handle}
  }

  /** A host's state: `github.com.` is github.com, with the same limits and the same queue. */
  #host(hostname: string): HostState {
    const host = normalizeHostname(hostname)
    let state = this.#hosts.get(host)
    if (!state) {
      const override = entryForHost(this.#options.hosts, host) ?? {}
      const limits = {...this.#options.host, ...override}
      state = {
        limits,
        active: 0,
        alone: 0,
        waiting: [],
        sending: new Set(),
        nextStart: 0,
        calmUntil: 0,
        proven: 0,
        took: false,
        tookFirst: false,
        tookRefused: 0,
        given: limits.concurrency,
        pausedUntil: 0,
        recorded: undefined,
        latency: undefined,
        bucket: -1
      }
      this.#hosts.set(host, state)
    }
    return state
  }
}
