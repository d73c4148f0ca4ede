/**
 * `remark-lint:citation-alive`
 * Reports dead citations: 404, 410, no such host, connection refused, a redirect loop (and
 * timeouts with `timeoutAction: 'removed'`). Action `removed`: the source must not be cited.
 * Docs and examples: ./readme.md. Settings come from the `configure` plugin.
 */

import {livenessRule} from '../../src/rule.js'

const citationAlive = livenessRule('citation-alive')

export default citationAlive
