// The short reason a per-source report gives, in the source-verification seed's words: `404 Not Found`,
// `200 OK, title mismatch`, `200 OK, link text mismatch`, `200 OK, title matches`; and `410 Gone, citation-alive
// ignored` for a silenced finding.

import {downgraded, sameSite} from '../judge/liveness.js'
import type {RuleName, Verdict} from '../judge/verdict.js'
import type {SourceReport} from '../types.js'
import {findingsOf} from './findings.js'
import {redactText} from './redact-text.js'
import type {SourceGroup} from './sources.js'

/**
 * What each rule adds to the HTTP reason. The liveness rules add nothing when the reason already says it
 * (`404 Not Found`, `no such host`); they speak only about a page that answered, which `citation-reachable`
 * flags for a redirect to another site, or to (or through) plain http on its own. `citation-title-match` says
 * which text did not match: the cited title, or link text that is an address (`nature.com`).
 */
const labels: Record<RuleName, (report: SourceReport, verdict: Verdict) => string | undefined> = {
  'citation-alive': () => undefined,
  'citation-reachable': (report) =>
    report.liveness !== 'alive'
      ? undefined
      : !sameSite(report.url, report.finalUrl, [])
        ? 'redirected to another site'
        : `redirected ${downgraded(report) ? 'to' : 'through'} plain http`,
  'citation-url-safety': ({liveness}) => (liveness === 'unsafe' || liveness === 'malformed' ? undefined : 'unsafe URL'),
  'citation-tracking-params': () => 'tracking parameters',
  'citation-soft-404': () => 'soft 404',
  'citation-retracted': () => 'retraction or expression of concern',
  'citation-fragment': () => 'missing fragment',
  'citation-title-match': (_, verdict) => (verdict.about === 'link-text' ? 'link text mismatch' : 'title mismatch'),
  'citation-conflict-of-interest': () => 'conflict of interest',
  'citation-credibility': () => 'low credibility',
  'citation-claim-support': () => 'claim not supported'
}

/** The rules that ran, when the caller knows them; otherwise every rule is taken to have run. */
export type RulesRun = readonly RuleName[] | ReadonlySet<RuleName>

/**
 * Whether the cited title matches the page: `false` when `citation-title-match` spoke about any citation
 * of the source, of its title or of link text naming another site (a lint comment silencing it leaves it a
 * mismatch), `null` when it did not run or there was nothing to compare (no cited title, no page title, or a
 * citation that must be removed, which the rule leaves alone even when that finding was silenced), `true` otherwise.
 */
export function titleMatch(group: SourceGroup, rules?: RulesRun): boolean | null {
  if (rules && ![...rules].includes('citation-title-match')) return null
  const said = group.records.flatMap((record) => findingsOf(record, [...record.verdicts, ...(record.ignored ?? [])]))
  if (said.some((finding) => finding.rule === 'citation-title-match')) return false
  const removed = said.some((finding) => finding.action === 'removed')
  const compared = group.records.some((record) => record.citation.citedTitle && (record.report.page?.titles.length ?? 0) > 0)
  return compared && !removed ? true : null
}

/**
 * `REASON[, label…]` for a source: the HTTP reason, then what the rules found and which findings were silenced,
 * each once. A rule that speaks at one citation of the source is not also called ignored for another's silenced
 * finding: `410 Gone, citation-alive ignored (REMOVED)` read as if the removal were silenced.
 */
export function sourceReason(group: SourceGroup, rules?: RulesRun): string {
  const reason = redactText(group.report.reason).trim()
  const parts = reason ? [reason] : []
  const add = (label: string | undefined) => {
    if (label !== undefined && !parts.includes(label)) parts.push(label)
  }
  const spoke = new Set<RuleName>()
  for (const record of group.records) {
    for (const finding of findingsOf(record)) {
      spoke.add(finding.rule)
      add(labels[finding.rule](record.report, finding.verdict))
    }
  }
  for (const record of group.records) {
    for (const finding of findingsOf(record, record.ignored ?? [])) if (!spoke.has(finding.rule)) add(`${finding.rule} ignored`)
  }
  if ((group.action === 'ok' || group.action === 'ignored') && titleMatch(group, rules) === true) parts.push('title matches')
  return parts.join(', ') || group.action
}
