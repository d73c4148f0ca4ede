/**
 * The package entry: the `recommended` preset (also the default export), the `configure` plugin that takes
 * the settings, and every rule by name.
 */

import remarkLint from 'remark-lint'
import type {PluggableList, Preset} from 'unified'
import configure from '../src/configure.js'
import citationAlive from './citation-alive/index.js'
import citationClaimSupport from './citation-claim-support/index.js'
import citationConflictOfInterest from './citation-conflict-of-interest/index.js'
import citationCredibility from './citation-credibility/index.js'
import citationFragment from './citation-fragment/index.js'
import citationReachable from './citation-reachable/index.js'
import citationRetracted from './citation-retracted/index.js'
import citationSoft404 from './citation-soft-404/index.js'
import citationTitleMatch from './citation-title-match/index.js'
import citationTrackingParams from './citation-tracking-params/index.js'
import citationUrlSafety from './citation-url-safety/index.js'

/**
 * The severities of DESIGN.md: what must not be cited (dead, unsafe, certain soft 404s, retracted papers) is an
 * error, so `remark` exits non-zero; everything a person should look at is a warning. `citation-soft-404` and
 * `citation-retracted` are set to `warn` because their certain findings are errors whatever the severity: so a
 * likely soft 404 or an expression of concern stays a warning.
 */
export const recommended: Preset = {
  // A new list and a new `{}` for `configure` at each read: unified and unified-engine merge a config's own
  // `[configure, options]` into this entry, in place, so a shared `{}` would carry one config's settings into the
  // next; and a bare `configure` here wiped the options of a `configure` listed before the preset (unified-engine
  // gives an entry a later entry's options, even none).
  get plugins(): PluggableList {
    return [
      remarkLint,
      [configure, {}],
      [citationAlive, ['error']],
      [citationReachable, ['warn']],
      [citationUrlSafety, ['error']],
      [citationTrackingParams, ['warn']],
      [citationSoft404, ['warn']],
      [citationRetracted, ['warn']],
      [citationFragment, ['warn']],
      [citationTitleMatch, ['warn']],
      [citationConflictOfInterest, ['warn']],
      [citationCredibility, ['warn']],
      [citationClaimSupport, ['warn']]
    ]
  }
}

export default recommended
export {
  configure,
  citationAlive,
  citationReachable,
  citationUrlSafety,
  citationTrackingParams,
  citationSoft404,
  citationRetracted,
  citationFragment,
  citationTitleMatch,
  citationConflictOfInterest,
  citationCredibility,
  citationClaimSupport
}
export type {Options} from '../src/options.js'
export type {ClaimSupportRuleOptions} from './citation-claim-support/index.js'
export type {ConflictRuleOptions} from './citation-conflict-of-interest/index.js'
export type {CredibilityOptions} from './citation-credibility/index.js'
export type {TitleMatchRuleOptions} from './citation-title-match/index.js'
export type {TrackingRuleOptions} from './citation-tracking-params/index.js'
