/**
 * `remark-lint:citation-reachable`
 * Reports citations that could not be verified although they may be alive: bot walls, paywalls,
 * rate limits, 5xx, timeouts, too many redirects, a redirect to another site. Action `flagged`.
 * Docs and examples: ./readme.md. Settings come from the `configure` plugin.
 */

import {livenessRule} from '../../src/rule.js'

const citationReachable = livenessRule('citation-reachable')

export default citationReachable
