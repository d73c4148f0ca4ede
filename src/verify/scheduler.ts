// Politeness: a global limit on requests in flight, and per host a limit, a minimum gap, and slowdowns.

import {setTimeout as delay} from 'node:timers/promises'

export interface HostLimits {
  /** Requests in flight to one host at once. */
  concurrency: number
  /** Milliseconds between the starts of two requests to one host. */
  interval: number
}

export interface SchedulerOptions {
  /** Requests in flight over all hosts. */
  concurrency: number
  /** Limits for every host without an override. */
  host: HostLimits
  /** Per-host overrides, by host name. */
  hosts: Record<string, Partial<HostLimits>>
  /** Waits are skipped when false (offline replays have no host to be polite to). */
  wait: boolean
}

interface HostState {
  limits: HostLimits
  active: number
  waiting: Array<() => void>
  /** Earliest time the next request may start. */
  nextStart: number
}

export class Scheduler {
  readonly #options: SchedulerOptions
  readonly #hosts = new Map<string, HostState>()
  #active = 0
  readonly #waiting: Array<() => void> = []

  constructor(options: SchedulerOptions) {
    this.#options = options
  }

  /** Runs `task` when the host and the whole process have room, and the host's gap has passed. */
  async run<T>(host: string, task: () => Promise<T>): Promise<T> {
    const state = this.#host(host)
    await acquire(() => state.active < state.limits.concurrency, state.waiting, () => state.active++)
    try {
      const now = Date.now()
      const start = Math.max(now, state.nextStart)
      state.nextStart = start + state.limits.interval
      if (this.#options.wait && start > now) await delay(start - now)
      await acquire(() => this.#active < this.#options.concurrency, this.#waiting, () => this.#active++)
      try {
        return await task()
      } finally {
        this.#active--
        this.#waiting.shift()?.()
      }
    } finally {
      state.active--
      state.waiting.shift()?.()
    }
  }

  /**
   * A 429: one request fewer in flight to that host for the rest of the run (down to one). The
   * request that got it waits its Retry-After before trying again; the host's other requests do
   * not (a per-URL 429 would otherwise stall a whole host, and a doubling gap compounds).
   */
  slowDown(host: string): void {
    const limits = this.#host(host).limits
    limits.concurrency = Math.max(1, limits.concurrency - 1)
  }

  /** Current limits of a host (reports, tests). */
  limits(host: string): HostLimits {
    return {...this.#host(host).limits}
  }

  #host(host: string): HostState {
    let state = this.#hosts.get(host)
    if (!state) {
      const override = this.#options.hosts[host] ?? {}
      state = {limits: {...this.#options.host, ...override}, active: 0, waiting: [], nextStart: 0}
      this.#hosts.set(host, state)
    }
    return state
  }
}

/** Takes a slot when `free()`, else queues until a release hands one over (FIFO). */
async function acquire(free: () => boolean, queue: Array<() => void>, take: () => void): Promise<void> {
  while (!free()) await new Promise<void>((resolve) => queue.push(resolve))
  take()
}
