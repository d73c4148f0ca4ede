// CitationRecords for the report writers' tests: one of each outcome, placed in two files.

import type {RuleName, Verdict} from '../../src/judge/verdict.js'
import {toRecord, type CitationRecord} from '../../src/report/record.js'
import type {Action, Citation, SourceReport, Status} from '../../src/types.js'
import {citation, source} from './source.js'

/** A citation of `url` in `file` whose URL spans `line:column` to `line:column + url.length`. */
export function record(
  file: string,
  url: string,
  [line, column]: [number, number],
  verdicts: Verdict[] = [],
  overrides: {citation?: Partial<Citation>; report?: Partial<SourceReport>; titles?: string[]; ignored?: Verdict[]} = {}
): CitationRecord {
  const start = {line, column, offset: 0}
  const end = {line, column: column + url.length, offset: url.length}
  const cited = citation(url, {place: {start, end}, ...overrides.citation})
  const report = source(url, {titles: (overrides.titles ?? []).map((text) => ({source: 'title' as const, text}))}, overrides.report)
  return toRecord(file, cited, report, verdicts, overrides.ignored)
}

export function verdict(rule: RuleName, action: Action, status: Status, message: string, expected?: string): Verdict {
  return {rule, action, status, message, ...(expected === undefined ? {} : {expected})}
}

export const SECRET_URL = 'https://user:pw@api.example/data?token=s3cr3t&q=1'

/** A removed, a flagged (title mismatch), an ok, a secret-bearing and a punctuation-heavy citation. */
export function sample(): CitationRecord[] {
  return [
    record('docs/b.md', 'https://gone.example/post', [3, 5], [
      verdict('citation-alive', 'removed', 'invalid', 'Unexpected dead citation `https://gone.example/post`, expected a live source (`404 Not Found`)')
    ], {report: {status: 404, liveness: 'dead', reason: '404 Not Found', page: undefined, hops: [{url: 'https://gone.example/post', status: 404}]}}),
    record('docs/a.md', 'https://arxiv.example/abs/2509.21361', [7, 20], [
      verdict('citation-title-match', 'flagged', 'mismatch', 'Unexpected title `The Maximum Effective Context Window`, expected `Context Is What You Need`')
    ], {citation: {citedTitle: 'The Maximum Effective Context Window'}, titles: ['Context Is What You Need']}),
    record('docs/a.md', 'https://peps.example/pep-0008/', [2, 10], [], {
      citation: {citedTitle: 'PEP 8 – Style Guide'},
      titles: ['PEP 8 – Style Guide for Python Code']
    }),
    record('docs/a.md', SECRET_URL, [9, 1], [
      // A judge that forgot to redact: the writers must not pass the secret on.
      verdict('citation-url-safety', 'flagged', 'invalid', `Unexpected secret in citation \`${SECRET_URL}\`, expected no credentials`)
    ], {citation: {claim: `Fetch it from ${SECRET_URL}.`}, report: {reason: `redirect to ${SECRET_URL}`}}),
    record('docs/we,ird:name.md', 'https://odd.example/p', [4, 3], [
      verdict('citation-credibility', 'flagged', 'valid', 'Unexpected source `A | B`, expected 100% credibility: 0.5,\nsee docs')
    ])
  ]
}

/** A deterministic shuffle (reverse, then rotate), to show order does not matter. */
export function shuffled<T>(list: readonly T[]): T[] {
  const reversed = [...list].reverse()
  return [...reversed.slice(2), ...reversed.slice(0, 2)]
}
