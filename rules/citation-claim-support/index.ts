/**
 * `remark-lint:citation-claim-support`
 * Reports a source whose text does not support the sentence that cites it (best-passage score below the threshold): requires review. Action `flagged`.
 * Docs and examples: ./readme.md.
 */

import {judgeClaimSupport, parseClaimSupportOptions, type ClaimScorer, type ClaimSupportOptions} from '../../src/judge/claim-support.js'
import {citationRule} from '../../src/rule.js'

/** The rule's options as a config gives them (see ./readme.md). */
export interface ClaimSupportRuleOptions {
  /** Scores below this are reported (default `0.5`). */
  threshold?: number | null | undefined
  /** Scores a claim against the page's passages (default: the lexical scorer). */
  scorer?: ClaimScorer | null | undefined
}

const citationClaimSupport = citationRule<ClaimSupportRuleOptions, ClaimSupportOptions>(
  'citation-claim-support',
  // A page citation-soft-404 speaks of is an error page: its title and text are not the source's.
  (checked, options) => (checked.soft404 ? undefined : judgeClaimSupport(checked.citation, checked.report, options)),
  parseClaimSupportOptions
)

export default citationClaimSupport
