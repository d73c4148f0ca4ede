/**
 * The package entry: the `recommended` preset (default export), the `configure` plugin that
 * takes the settings, and every rule by name.
 */

import remarkLint from 'remark-lint'
import type {Preset} from 'unified'
import configure from '../src/configure.js'
import citationAlive from './citation-alive/index.js'
import citationReachable from './citation-reachable/index.js'
import citationUrlSafety from './citation-url-safety/index.js'

/** Dead and unsafe citations are errors (so `remark` exits non-zero); unverifiable ones warn. */
const recommended: Preset = {
  plugins: [
    remarkLint,
    configure,
    [citationAlive, ['error']],
    [citationReachable, ['warn']],
    [citationUrlSafety, ['error']]
  ]
}

export default recommended
export {configure, citationAlive, citationReachable, citationUrlSafety}
export type {Options} from '../src/options.js'
