/**
 * `remark-lint:citation-conflict-of-interest`
 * Reports a source published by the party the citing claim is about (ClickUp's blog for a claim about ClickUp). Action `flagged`.
 * Docs and examples: ./readme.md.
 */

import {judgeConflictOfInterest, parseConflictOptions} from '../../src/judge/conflict.js'
import {citationRule} from '../../src/rule.js'

const citationConflictOfInterest = citationRule(
  'citation-conflict-of-interest',
  (checked, options) => judgeConflictOfInterest(checked.citation, checked.report, options),
  parseConflictOptions
)

export default citationConflictOfInterest
