// Claim support: does the cited page's text support the sentence that cites it? Flags weak support for review. Pure.

import {collapse, quote} from '../page/text.js'
import type {Citation, SourceReport} from '../types.js'
import {fraction, optionalFunction, optionsObject, OptionsError, show} from '../validate.js'
import {differentLanguages} from './language.js'
import {claimTerms, scoreClaim, type PassageScore} from './passage-score.js'
import {shownUrl, type Verdict} from './verdict.js'

/** Scores a claim against a page's passages: 0 (no support) to 1, and the passage that supports it best. Synchronous. */
export type ClaimScorer = (claim: string, passages: readonly string[]) => PassageScore

export interface ClaimSupportOptions {
  /** Scores below this are flagged (default `0.5`). */
  threshold: number
  /** The scorer (default: the lexical `scoreClaim`). */
  scorer: ClaimScorer
}

export const defaultClaimSupportThreshold = 0.5
/** Fewer distinct content words than this is too little to judge: two words match or miss by chance. */
export const minClaimTerms = 3
const quoteLength = 100

export function parseClaimSupportOptions(value: unknown): ClaimSupportOptions {
  const given = optionsObject(value, ['threshold', 'scorer'], 'citation-claim-support options')
  return {
    threshold: fraction(given, 'threshold', defaultClaimSupportThreshold),
    scorer: (optionalFunction(given, 'scorer') as ClaimScorer | undefined) ?? scoreClaim
  }
}

/**
 * Silent when there is nothing to judge: no claim or one of fewer than `minClaimTerms` content words, a page that did
 * not answer (other rules report that), a page without text passages (PDF, image, script-rendered), a page in
 * another language than the claim (for the lexical scorer), or a page that is a bot wall or paywall (its text is not the source's; a "not found" page is left out by the rule while
 * citation-soft-404 speaks of it).
 */
export function judgeClaimSupport(citation: Citation, report: SourceReport, options: ClaimSupportOptions): Verdict | undefined {
  const {claim} = citation
  const page = report.page
  if (claim === undefined || report.liveness !== 'alive' || page === undefined || page.passages.length === 0) return undefined
  if (page.botWall !== undefined || page.paywall !== undefined) return undefined
  if (claimTerms(claim).length < minClaimTerms) return undefined
  // Words of two languages never match: the lexical scorer would call every translated claim unsupported. A custom
  // scorer (a multilingual model) may read across languages.
  if (options.scorer === scoreClaim && differentLanguages(claim, page.passages)) return undefined

  const {score, passage} = checked(callScorer(options.scorer, claim, page.passages))
  if (score >= options.threshold) return undefined
  // Rounded down (the epsilon undoes float error: 0.57 × 100 is 56.99…), so a score just under the threshold never
  // prints as the threshold itself.
  const shown = (Math.floor(score * 100 + 1e-9) / 100).toFixed(2)
  const text = passage === undefined ? '' : collapse(passage)
  const best = text === '' ? 'no passage shares its words' : `best passage ${quote(text, quoteLength)}`
  const url = shownUrl(citation.url)
  return {
    status: 'valid',
    action: 'flagged',
    rule: 'citation-claim-support',
    message: `Unexpected weak support (${shown}) for the claim citing ${url}, expected the source to support it: requires review; ${best}`
  }
}

/** A failing custom scorer is a configuration mistake: say which option, not just what broke. */
function callScorer(scorer: ClaimScorer, claim: string, passages: readonly string[]): unknown {
  try {
    return scorer(claim, passages)
  } catch (error) {
    throw new OptionsError(`Unexpected error from \`scorer\`: ${error instanceof Error ? error.message : show(error)}`)
  }
}

function checked(result: unknown): PassageScore {
  if (typeof (result as {then?: unknown} | undefined)?.then === 'function') {
    throw new OptionsError('Unexpected promise from `scorer`, expected a synchronous function')
  }
  const {score, passage} = (typeof result === 'object' && result !== null ? result : {}) as Partial<Record<keyof PassageScore, unknown>>
  if (typeof score !== 'number' || !(score >= 0 && score <= 1) || (passage !== undefined && typeof passage !== 'string')) {
    throw new OptionsError(
      `Unexpected \`scorer\` result \`${show(result)}\`, expected \`{score, passage}\` with a score from 0 to 1 and a string or undefined passage`
    )
  }
  return {score, passage}
}
