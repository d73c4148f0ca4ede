/**
 * `remark-lint:citation-title-match`
 * Reports a cited title (title attribute, or link text that reads like a title) that does not match the page's title. Action `flagged`.
 * Docs and examples: ./readme.md.
 */

import {judgeTitleMatch, parseTitleMatchOptions, type TitleMatchOptions} from '../../src/judge/title-match.js'
import {citationRule} from '../../src/rule.js'

/** The rule's options as a config gives them (see ./readme.md). */
export interface TitleMatchRuleOptions {
  /** Least similarity (0–1) that counts as a match (default `0.8`). */
  threshold?: number | null | undefined
  /** The same for a title taken from link text (default `0.34`). */
  linkTextThreshold?: number | null | undefined
}

const citationTitleMatch = citationRule<TitleMatchRuleOptions, TitleMatchOptions>(
  'citation-title-match',
  // A page citation-soft-404 speaks of is an error page: its title and text are not the source's.
  (checked, options) => (checked.soft404 ? undefined : judgeTitleMatch(checked.citation, checked.report, options)),
  parseTitleMatchOptions
)

export default citationTitleMatch
