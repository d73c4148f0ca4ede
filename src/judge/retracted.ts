// Is the cited paper retracted? The worst editorial notice its registry lists (Crossref `updated-by`, including
// Retraction Watch entries; PubMed's retracted publication type and linked notices; a `RETRACTED:` title). Pure.

import {worstNotice, type Notice, type NoticeKind} from '../resolve/metadata.js'
import type {Citation, SourceReport} from '../types.js'
import {shorten} from '../page/text.js'
import {shownUrl, type Verdict} from './verdict.js'

/**
 * How each notice is reported. A retraction or withdrawal means the paper must not be cited (`removed`, an error
 * whatever the rule's severity); a partial retraction or an expression of concern asks a person to look
 * (`flagged`); a correction leaves the paper standing.
 */
const kinds: Record<Exclude<NoticeKind, 'correction'>, {paper: string; notice: string; removed: boolean}> = {
  retraction: {paper: 'retracted paper', notice: 'retraction', removed: true},
  withdrawal: {paper: 'withdrawn paper', notice: 'withdrawal', removed: true},
  'partial-retraction': {paper: 'partially retracted paper', notice: 'partial retraction', removed: false},
  'expression-of-concern': {paper: 'paper under an expression of concern', notice: 'expression of concern', removed: false}
}

export function judgeRetracted(citation: Citation, report: SourceReport): Verdict | undefined {
  const metadata = report.work?.outcome === 'found' ? report.work.metadata : undefined
  const notice = metadata === undefined ? undefined : worstNotice(metadata.notices)
  if (notice === undefined || notice.kind === 'correction') return undefined
  const kind = kinds[notice.kind]
  return {
    status: kind.removed ? 'invalid' : 'valid',
    action: kind.removed ? 'removed' : 'flagged',
    rule: 'citation-retracted',
    message: `Unexpected ${kind.paper} ${shownUrl(citation.url)}, expected a paper in good standing (\`${describe(notice, kind.notice)}\`)`,
    certain: kind.removed
  }
}

/**
 * `retraction 10.1016/s0140-6736(10)60175-4 of 2010-02-06`, `retraction, PubMed: Retracted Publication`, and for a
 * notice on another version `…, of the journal version 10.…`.
 */
function describe(notice: Notice, name: string): string {
  const about = notice.about === undefined ? '' : `, of the journal version ${notice.about}`
  return `${describeNotice(notice, name)}${about}`
}

function describeNotice(notice: Notice, name: string): string {
  const id = notice.doi ?? (notice.pmid === undefined ? undefined : `PMID ${notice.pmid}`)
  const date = notice.date === undefined ? '' : ` of ${notice.date}`
  if (id !== undefined) return `${name} ${id}${date}`
  if (notice.source === 'title') return `${name}, marked in the registered title`
  const source = notice.source === 'pubmed' ? 'PubMed' : notice.source === 'arxiv' ? 'arXiv' : notice.source
  // A registry's own wording (an arXiv comment can be long), shown inside a code span.
  const label = notice.label === undefined ? '' : `: ${shorten(notice.label.replace(/`/g, "'"), 80)}`
  return `${name}${date}${source === undefined ? '' : `, ${source}${label}`}`
}

