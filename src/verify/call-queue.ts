// The calls waiting on the verifier thread to start: half in the order they came, half the host cited most first.
//
// Why: on a cold run the thread's CPU, not the network, limits how fast calls start (each costs its request, its
// answer and its cache lookups), so calls wait seconds. Files are parsed in order, and in arrival order alone
// a host's calls start at the pace the files mention it. The host cited most sets a run's length (its requests
// go out one gap apart), and on the large benchmark its calls waited up to 3 s while its gaps went unused.
// Taken by count alone, though, the calls of slow hosts cited a dozen times waited for everyone else's, and
// their second-long answers ended the run. Alternating keeps both moving; the scheduler then orders the requests
// it holds by backlog (scheduler.ts).

interface Entry<T> {
  call: T
  started: boolean
}

interface HostCalls<T> {
  /** Calls for this host since the queue was last empty, started or not: its priority. */
  asked: number
  waiting: Array<Entry<T>>
  /** Index of the next call to start in `waiting`. */
  head: number
}

export class CallQueue<T> {
  readonly #hosts = new Map<string, HostCalls<T>>()
  /**
   * Hosts by how many calls they were asked, in the order they reached that count. A host is filed again each
   * time its count grows, and an entry whose host has since grown or has nothing waiting is skipped when met:
   * deleting from the front of a Set would leave V8 a trail of holes to step over on every look.
   */
  readonly #byAsked = new Map<number, {hosts: string[]; head: number}>()
  #top = 0
  /** Every waiting call in arrival order; started ones are skipped. */
  #arrived: Array<{host: string; entry: Entry<T>}> = []
  #oldest = 0
  #size = 0
  #turn = 0

  get size(): number {
    return this.#size
  }

  push(host: string, call: T): void {
    let calls = this.#hosts.get(host)
    if (!calls) this.#hosts.set(host, (calls = {asked: 0, waiting: [], head: 0}))
    const entry = {call, started: false}
    calls.waiting.push(entry)
    this.#arrived.push({host, entry})
    this.#size++
    calls.asked++
    let bucket = this.#byAsked.get(calls.asked)
    if (!bucket) this.#byAsked.set(calls.asked, (bucket = {hosts: [], head: 0}))
    bucket.hosts.push(host)
    if (calls.asked > this.#top) this.#top = calls.asked
  }

  /** The next call to start: by turns, the oldest of all, or the oldest of the host asked most. */
  shift(): T | undefined {
    if (this.#size === 0) return undefined
    const host = this.#turn++ % 2 === 0 ? this.#oldestHost() : this.#busiestHost()
    // Both orders take a host's calls oldest first: the head of its list is the call either would start.
    const calls = this.#hosts.get(host)!
    const entry = calls.waiting[calls.head++]!
    entry.started = true
    this.#size--
    if (calls.head === calls.waiting.length) {
      calls.waiting = []
      calls.head = 0
    }
    // Empty: a run's calls have all started. The next burst (a later run of a long-lived host) starts afresh, and
    // what this one kept is let go.
    if (this.#size === 0) {
      this.#hosts.clear()
      this.#byAsked.clear()
      this.#top = 0
      this.#turn = 0
      this.#arrived = []
      this.#oldest = 0
    }
    return entry.call
  }

  #oldestHost(): string {
    while (this.#arrived[this.#oldest]!.entry.started) this.#oldest++
    return this.#arrived[this.#oldest]!.host
  }

  #busiestHost(): string {
    for (;;) {
      const bucket = this.#byAsked.get(this.#top)
      while (bucket && bucket.head < bucket.hosts.length) {
        const host = bucket.hosts[bucket.head]!
        const calls = this.#hosts.get(host)!
        if (calls.asked === this.#top && calls.head < calls.waiting.length) return host
        bucket.head++
      }
      this.#byAsked.delete(this.#top--)
    }
  }
}
