/**
 * `remark-lint:citation-credibility`
 * Reports a source whose credibility score (built-in categories, public-suffix signals, your lists) is below the
 * threshold. Action `flagged`.
 * Docs and examples: ./readme.md.
 */

import {judgeCredibility, parseCredibilityOptions, type CredibilityOptions, type CredibilitySettings} from '../../src/judge/credibility.js'
import {citationRule} from '../../src/rule.js'

const citationCredibility = citationRule<CredibilityOptions, CredibilitySettings>(
  'citation-credibility',
  (checked, options, settings) => judgeCredibility(checked.citation, checked.report, options, settings.redirectResolvers),
  parseCredibilityOptions
)

export default citationCredibility
export type {CredibilityOptions}
