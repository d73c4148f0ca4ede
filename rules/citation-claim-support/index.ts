/**
 * `remark-lint:citation-claim-support`
 * Reports a source whose text does not support the sentence that cites it (best-passage score below the threshold): requires review. Action `flagged`.
 * Docs and examples: ./readme.md.
 */

import {judgeClaimSupport, parseClaimSupportOptions} from '../../src/judge/claim-support.js'
import {citationRule} from '../../src/rule.js'

const citationClaimSupport = citationRule(
  'citation-claim-support',
  // A page citation-soft-404 speaks of is an error page: its title and text are not the source's.
  (checked, options) => (checked.soft404 ? undefined : judgeClaimSupport(checked.citation, checked.report, options)),
  parseClaimSupportOptions
)

export default citationClaimSupport
