/**
 * `remark-lint:citation-title-match`
 * Reports a cited title (title attribute, or link text that reads like a title) that does not match the page's title,
 * and link text that is an address (`nature.com`) of another site than the link's. Action `flagged`.
 * Docs and examples: ./readme.md.
 */

import {judgeTextAddress} from '../../src/judge/text-address.js'
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
  // Link text that is an address names a site, whatever the page says; a page citation-soft-404 speaks of is an
  // error page: its title and text are not the source's.
  (checked, options, settings) =>
    judgeTextAddress(checked.citation, checked.report, settings.redirectResolvers) ??
    (checked.soft404 ? undefined : judgeTitleMatch(checked.citation, checked.report, options)),
  parseTitleMatchOptions
)

export default citationTitleMatch
