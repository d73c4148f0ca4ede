// What a verifier keeps for the rest of the run, wherever it runs (in-process, or both sides of its thread).

import type {PageDepth, SourceReport} from '../types.js'
import {longestWaitMs} from './retry.js'
import type {SiblingProbe} from './sibling.js'

type Ask = (url: string, depth: PageDepth) => Promise<SourceReport>

/** A kept answer; `until` (ms since the epoch) is set once it settles. */
interface Kept<T> {
  value: Promise<T>
  until?: number
}

/**
 * Answers by key for the run that asked, and for later runs of a long-lived process (`remark --watch` checking a
 * saved file again, an editor server's next check) only while the cache would keep them: `newRun` forgets each one
 * settled whose `keepMs` is over. One the cache never keeps (a 503, a timeout) is kept for the longest wait of a
 * retry, as background answers are (verifier.ts): an editor checking at every keystroke does not ask it each time.
 * One still pending is kept: a run overlapping the last one shares it.
 */
export class RunMemo<T, E extends Kept<T> = Kept<T>> {
  private readonly entries = new Map<string, E>()

  constructor(private readonly keepMs: (value: T) => number | undefined = () => undefined) {}

  get(key: string): E | undefined {
    return this.entries.get(key)
  }

  set(key: string, entry: E): void {
    this.entries.set(key, entry)
    entry.value.then(
      (value) => (entry.until = Date.now() + (this.keepMs(value) ?? longestWaitMs)),
      () => (entry.until = 0)
    )
  }

  newRun(): void {
    const now = Date.now()
    for (const [key, {until}] of this.entries) if (until !== undefined && until <= now) this.entries.delete(key)
  }
}

/**
 * One report per URL: concurrent and repeated asks share one inspection, and a whole page also answers a later
 * ask for its top. With `keep` false (`cacheOnly`: the cache is the answer) every ask is asked again. `keepMs` is
 * how long the cache keeps a report (see RunMemo).
 */
export function reportPerUrl(ask: Ask, keep: boolean, keepMs: (report: SourceReport) => number | undefined): Ask & {newRun(): void} {
  const reports = new RunMemo<SourceReport, Kept<SourceReport> & {depth: PageDepth}>(keepMs)
  const asked: Ask = (url, depth) => {
    const known = reports.get(url)
    if (known && (known.depth === 'full' || depth === 'top')) return known.value
    const value = ask(url, depth)
    if (keep) reports.set(url, {depth, value})
    return value
  }
  return Object.assign(asked, {newRun: () => reports.newRun()})
}

type Probe = (cited: SourceReport) => Promise<SiblingProbe | undefined>

/**
 * One sibling comparison per cited report, however often it is cited: comparing reads both pages' words (tens of
 * kB), and a page cited 20,000 times cost seconds. With `keep` false every ask is asked again.
 */
export function probePerReport(probe: Probe, keep: boolean): Probe {
  const probes = new WeakMap<SourceReport, Promise<SiblingProbe | undefined>>()
  return (cited) => {
    let found = probes.get(cited)
    if (!found) {
      found = probe(cited)
      if (keep) probes.set(cited, found)
    }
    return found
  }
}
