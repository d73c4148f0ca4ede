// What reports say about each rule: a one-line description, its severity in the preset, its docs.

import type {RuleName} from '../judge/verdict.js'

/** Where the rules are documented: the package's readme, whose table of rules has an anchor per rule (`#citation-alive`). */
export const DOCS = 'https://www.npmjs.com/package/remark-lint-citations'

export interface RuleInfo {
  description: string
  /** The severity in the `recommended` preset (rules/index.ts). */
  level: 'error' | 'warning'
}

/** Every rule, in the preset's order (a `Record`, so a new rule does not compile until it is described). */
export const ruleInfo: Record<RuleName, RuleInfo> = {
  'citation-alive': {description: 'Dead citation: 404, 410, no such host, connection refused, redirect loop', level: 'error'},
  'citation-reachable': {description: 'Citation that could not be verified: bot wall, paywall, server error, timeout, redirect to another site', level: 'warning'},
  'citation-url-safety': {description: 'Unsafe or malformed citation URL: credentials, secrets anywhere in the URL, private hosts, other schemes', level: 'error'},
  'citation-tracking-params': {description: 'Citation URL carrying tracking parameters: utm_*, fbclid, gclid, share ids', level: 'warning'},
  'citation-soft-404': {description: 'Citation whose page answers but is really "not found"', level: 'warning'},
  'citation-retracted': {description: 'Cited paper retracted or withdrawn (error), or under an expression of concern', level: 'warning'},
  'citation-fragment': {description: 'Cited #fragment missing on the page', level: 'warning'},
  'citation-title-match': {description: "Cited title differs from the page's title, or link text that is an address names another site or paper", level: 'warning'},
  'citation-conflict-of-interest': {description: 'Source published by the brand the claim is about', level: 'warning'},
  'citation-credibility': {description: 'Source below the credibility threshold', level: 'warning'},
  'citation-claim-support': {description: 'Page text does not support the sentence that cites it', level: 'warning'}
}

export const ruleNames = Object.keys(ruleInfo) as RuleName[]

export function ruleUrl(rule: RuleName): string {
  return `${DOCS}#${rule}`
}
