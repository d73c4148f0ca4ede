/**
 * `remark-lint:citation-tracking-params`
 * Reports a cited URL that carries tracking parameters (`utm_*`, as ChatGPT appends `utm_source=chatgpt.com`;
 * `fbclid`, `gclid`, share ids), with the URL without them as the fix. Action `flagged`.
 * Docs and examples: ./readme.md.
 */

import {judgeTracking, parseTrackingOptions, type TrackingOptions} from '../../src/judge/tracking.js'
import {citationRule} from '../../src/rule.js'

/** The rule's options as a config gives them (see ./readme.md). */
export interface TrackingRuleOptions {
  /** Parameter names kept on purpose, in any case (`['utm_source']`). */
  allow?: string[] | null | undefined
}

const citationTrackingParams = citationRule<TrackingRuleOptions, TrackingOptions>(
  'citation-tracking-params',
  (checked, options) => judgeTracking(checked.citation, options),
  parseTrackingOptions
)

export default citationTrackingParams
