// What a verifier keeps for the rest of the run, wherever it runs (in-process, or both sides of its thread).

import type {PageDepth, SourceReport} from '../types.js'
import type {SiblingProbe} from './sibling.js'

type Ask = (url: string, depth: PageDepth) => Promise<SourceReport>

/**
 * One report per URL: concurrent and repeated asks share one inspection, and a whole page also answers a later
 * ask for its top. With `keep` false (`cacheOnly`: the cache is the answer) every ask is asked again.
 */
export function reportPerUrl(ask: Ask, keep: boolean): Ask {
  const reports = new Map<string, {depth: PageDepth; report: Promise<SourceReport>}>()
  return (url, depth) => {
    const known = reports.get(url)
    if (known && (known.depth === 'full' || depth === 'top')) return known.report
    const report = ask(url, depth)
    if (keep) reports.set(url, {depth, report})
    return report
  }
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
