/**
 * The package entry: the `recommended` preset (also the default export), the `configure` plugin that takes
 * the settings, and every rule by name.
 */

import remarkLint from 'remark-lint'
import type {Preset} from 'unified'
import configure from '../src/configure.js'
import citationAlive from './citation-alive/index.js'
import citationClaimSupport from './citation-claim-support/index.js'
import citationConflictOfInterest from './citation-conflict-of-interest/index.js'
import citationCredibility from './citation-credibility/index.js'
import citationFragment from './citation-fragment/index.js'
import citationReachable from './citation-reachable/index.js'
import citationSoft404 from './citation-soft-404/index.js'
import citationTitleMatch from './citation-title-match/index.js'
import citationUrlSafety from './citation-url-safety/index.js'

/**
 * The severities of DESIGN.md: what must not be cited (dead, unsafe, certain soft 404s) is an error, so `remark`
 * exits non-zero; everything a person should look at is a warning.
 */
export const recommended: Preset = {
  plugins: [
    remarkLint,
    configure,
    [citationAlive, ['error']],
    [citationReachable, ['warn']],
    [citationUrlSafety, ['error']],
    [citationSoft404, ['warn']],
    [citationFragment, ['warn']],
    [citationTitleMatch, ['warn']],
    [citationConflictOfInterest, ['warn']],
    [citationCredibility, ['warn']],
    [citationClaimSupport, ['warn']]
  ]
}

export default recommended
export {
  configure,
  citationAlive,
  citationReachable,
  citationUrlSafety,
  citationSoft404,
  citationFragment,
  citationTitleMatch,
  citationConflictOfInterest,
  citationCredibility,
  citationClaimSupport
}
export type {Options} from '../src/options.js'
