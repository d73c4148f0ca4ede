// What a judge says about one citation: which rule speaks, the status and action, and the message.

import {redactUrl, redactWrittenUrl} from '../net/redact.js'
import {bidiControl} from '../report/one-line.js'
import type {Action, Status} from '../types.js'

export type RuleName =
  | 'citation-alive'
  | 'citation-reachable'
  | 'citation-url-safety'
  | 'citation-tracking-params'
  | 'citation-title-match'
  | 'citation-conflict-of-interest'
  | 'citation-credibility'
  | 'citation-claim-support'
  | 'citation-retracted'
  | 'citation-soft-404'
  | 'citation-fragment'

/** The rules that judge the sentence citing a source rather than the source: all that judge a later use (see `Citation.laterUse`). */
export const CLAIM_RULES: ReadonlySet<RuleName | undefined> = new Set(['citation-claim-support', 'citation-conflict-of-interest'])

/** What a finding of `citation-title-match` is about (see `Verdict.about`). */
export type VerdictAbout = 'title' | 'link-text'

export interface Verdict {
  status: Status
  action: Action
  /** The rule that reports it; undefined when there is nothing to say. */
  rule: RuleName | undefined
  message: string
  /**
   * What a rule that checks two things compared: `citation-title-match` speaks of the cited `title`, or of `link-text`
   * that is an address (`[nature.com](…)`); reports tell them apart by it.
   */
  about?: VerdictAbout
  /**
   * A replacement URL an editor may offer: the end of a permanent redirect, an archived copy, a registered DOI's link,
   * the nearest anchor.
   */
  expected?: string
  /**
   * For rules whose findings differ in certainty (`citation-soft-404`, `citation-retracted`): `true` makes the message an error
   * whatever the rule's severity, as DESIGN.md asks ("error when certain, warning when likely").
   */
  certain?: boolean
  /** How its message was reported, once it was (remark's severity for the rule, or `certain`): SARIF's level. */
  severity?: 'error' | 'warning' | 'info'
  /**
   * `expected` as written over the URL's characters once reported, escaped for its place as `--fix` and the editor's
   * quick fix write it; absent where they write none (HTML, JSX, a place that is not the URL): SARIF's fix.
   */
  written?: string
}

/** Characters of a cited URL a message shows whole: a generated or tracking URL can run to thousands. */
const shownUrlLength = 200

/**
 * The cited URL as messages show it, in a code span: as the document wrote it (so a search of the file finds it,
 * as in the reports), redacted, and cut in the middle when very long. A backtick or a control character would end
 * the code span or the line, a bidirectional control reorder it: such a URL is shown parsed, which escapes them.
 */
export function shownUrl(url: string): string {
  const written = redactWrittenUrl(url)
  return '`' + cutUrl(/[`\u0000-\u001F\u007F]/.test(written) || bidiControl.test(written) ? redactUrl(url) : written) + '`'
}

/** A URL cut in the middle when very long: its first 150 and last 40 characters kept. */
export function cutUrl(url: string): string {
  const chars = [...url]
  return chars.length <= shownUrlLength ? url : `${chars.slice(0, 150).join('')}…${chars.slice(-40).join('')}`
}
