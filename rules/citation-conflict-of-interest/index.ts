/**
 * `remark-lint:citation-conflict-of-interest`
 * Reports a source published by the party the citing claim is about (ClickUp's blog for a claim about ClickUp). Action `flagged`.
 * Docs and examples: ./readme.md.
 */

import {judgeConflictOfInterest, parseConflictOptions, type ConflictOptions} from '../../src/judge/conflict.js'
import {citationRule} from '../../src/rule.js'

/** The rule's options as a config gives them (see ./readme.md). */
export interface ConflictRuleOptions {
  /** Brand name → the domains it publishes on (`{Alphabet: ['google.com']}`). */
  brands?: Record<string, readonly string[]> | null | undefined
  /** Domains (or platform accounts) never reported, such as your own docs site. */
  ignore?: readonly string[] | null | undefined
}

const citationConflictOfInterest = citationRule<ConflictRuleOptions, ConflictOptions>(
  'citation-conflict-of-interest',
  (checked, options) => judgeConflictOfInterest(checked.citation, checked.report, options),
  parseConflictOptions
)

export default citationConflictOfInterest
