/**
 * `remark-lint:citation-url-safety`
 * Reports citations unsafe to fetch or to publish: not http(s), credentials in the URL, a secret
 * anywhere in it (query, fragment, path, or a URL nested in a value), a private or local target
 * (literal, resolved, or reached by a redirect), or a URL that does not parse. Action `removed`.
 * Docs and examples: ./readme.md. Settings come from the `configure` plugin.
 */

import {livenessRule} from '../../src/rule.js'

const citationUrlSafety = livenessRule('citation-url-safety')

export default citationUrlSafety
