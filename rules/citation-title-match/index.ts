/**
 * `remark-lint:citation-title-match`
 * Reports a cited title (title attribute, or link text that reads like a title) that does not match the page's title. Action `flagged`.
 * Docs and examples: ./readme.md.
 */

import {judgeTitleMatch, parseTitleMatchOptions} from '../../src/judge/title-match.js'
import {citationRule} from '../../src/rule.js'

const citationTitleMatch = citationRule(
  'citation-title-match',
  // A page citation-soft-404 speaks of is an error page: its title and text are not the source's.
  (checked, options) => (checked.soft404 ? undefined : judgeTitleMatch(checked.citation, checked.report, options)),
  parseTitleMatchOptions
)

export default citationTitleMatch
