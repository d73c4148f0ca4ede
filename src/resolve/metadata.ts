// What the registries say about a cited work, in one shape whichever registry answered, and the three outcomes of
// reading an answer: found, missing (the registry does not know the identifier) or unparseable (says nothing).

import type {Identifier} from './identifiers.js'

export type WorkType = 'journal-article' | 'preprint' | 'proceedings' | 'book' | 'chapter' | 'dataset' | 'other'

export type Registry = 'crossref' | 'datacite' | 'csl' | 'arxiv' | 'pubmed' | 'pmc'

/** Editorial notices on a work, most severe first (see `worstNotice`). */
export type NoticeKind = 'retraction' | 'withdrawal' | 'partial-retraction' | 'expression-of-concern' | 'correction'

export interface Notice {
  kind: NoticeKind
  /** The notice's own DOI (lower-cased), when the registry gives it. */
  doi?: string
  /** The notice's PubMed id, when PubMed links it. */
  pmid?: string
  /** `YYYY`, `YYYY-MM` or `YYYY-MM-DD`. */
  date?: string
  /**
   * Who says so: Crossref's `publisher` or `retraction-watch`, `pubmed`, `arxiv` (a withdrawal comment), or `title`
   * (a `RETRACTED:` / `WITHDRAWN:` prefix, the weakest signal).
   */
  source?: string
  /** The registry's own wording, e.g. `Partial Retraction`, `Retraction in`. */
  label?: string
  /** The DOI of the version the notice is about, when that is not the cited one: an arXiv paper's journal version. */
  about?: string
}

export interface WorkMetadata {
  identifier: Identifier
  /** The work's title, markup stripped, whitespace collapsed, a `RETRACTED:`-style prefix removed. */
  title: string | undefined
  /** Other forms worth matching a cited title against: with subtitle, short, original-language, as registered. */
  titles?: string[]
  type: WorkType
  /** Journal, proceedings or book the work appears in. */
  container?: string
  publisher?: string
  /** Publication date: `YYYY`, `YYYY-MM` or `YYYY-MM-DD`. */
  issued?: string
  registry: Registry
  notices: Notice[]
  /** A DOI given beside another identifier: arXiv's journal-version DOI, PubMed's article DOI (lower-cased). */
  doi?: string
  /** The DOI a preprint was published as (Crossref's `is-preprint-of`), lower-cased: its notices are the preprint's. */
  publishedAs?: string
  /** PMC's PubMed id of the same article. */
  pmid?: string
}

/** The registry answered and does not know the identifier: an invented or mistyped reference. */
export interface Missing {
  outcome: 'missing'
  reason: string
}

/** The answer could not be read (HTML, a rate-limit page, an unknown shape): unverified, never "dead". */
export interface Unparseable {
  outcome: 'unparseable'
  reason: string
}

export type Parsed<T> = T | Missing | Unparseable

export function missing(reason: string): Missing {
  return {outcome: 'missing', reason}
}

export function unparseable(reason: string): Unparseable {
  return {outcome: 'unparseable', reason}
}

export function isFound<T extends object>(parsed: Parsed<T>): parsed is T {
  return !('outcome' in parsed)
}

const severity: Record<NoticeKind, number> = {
  retraction: 5,
  withdrawal: 4,
  'partial-retraction': 3,
  'expression-of-concern': 2,
  correction: 1
}

/**
 * The notice that matters most: the most severe kind, and among those the earliest (the original notice, not a
 * later restatement); a notice with a DOI beats one without. Never simply the first entry: a correction often
 * precedes the retraction.
 */
export function worstNotice(notices: readonly Notice[]): Notice | undefined {
  let worst: Notice | undefined
  for (const notice of notices) {
    if (worst === undefined || compare(notice, worst) < 0) worst = notice
  }
  return worst
}

function compare(a: Notice, b: Notice): number {
  return (
    severity[b.kind] - severity[a.kind] ||
    (a.date ?? '9999').localeCompare(b.date ?? '9999') ||
    Number(b.doi !== undefined) - Number(a.doi !== undefined)
  )
}

/**
 * Crossref update types (Crossmark vocabulary, also used by Retraction Watch entries; `Expression of Concern` and
 * `expression-of-concern` spellings fold to it) as notice kinds. Other updates (new version, new edition, addendum,
 * clarification) say nothing against the work's reliability. A removal (taken down, e.g. for legal reasons) counts
 * as a withdrawal.
 */
export function noticeKind(type: string): NoticeKind | undefined {
  switch (type.trim().toLowerCase().replace(/[\s-]+/g, '_')) {
    case 'retraction':
      return 'retraction'
    case 'withdrawal':
    case 'removal':
      return 'withdrawal'
    case 'partial_retraction':
      return 'partial-retraction'
    case 'expression_of_concern':
      return 'expression-of-concern'
    case 'correction':
    case 'corrigendum':
    case 'erratum':
      return 'correction'
    default:
      return undefined
  }
}

const titlePrefix = /^\s*(RETRACTED|WITHDRAWN)\s*(?:ARTICLE)?\s*[:.\-–—]\s*/i

/**
 * A title as a signal: `RETRACTED: …` or `WITHDRAWN: …` (publishers prefix the titles of retracted articles).
 * Returns the title without the prefix and the notice it implies. Callers skip this for records that are themselves
 * notices (Hindawi titles its retraction notices `Retracted: <original title>`).
 */
export function titleSignal(title: string): {title: string; notice: Notice | undefined} {
  const match = titlePrefix.exec(title)
  if (match === null) return {title, notice: undefined}
  const kind = match[1]!.toUpperCase() === 'RETRACTED' ? 'retraction' : 'withdrawal'
  return {title: title.slice(match[0].length), notice: {kind, source: 'title'}}
}

/** Add the title signal's notice unless a registry already reported a notice of that kind. */
export function withTitleSignal(notices: Notice[], notice: Notice | undefined): Notice[] {
  if (notice === undefined || notices.some((known) => known.kind === notice.kind)) return notices
  return [...notices, notice]
}
