/**
 * `remark-lint:citation-soft-404`
 * Reports answers that look alive but mean "not found": a deep link redirected to the home page, a not-found URL,
 * title or page, and (with `configure`) a made-up sibling page answered the same way. Certain ones are errors
 * (`removed`) whatever the severity; likely ones take the rule's severity (`flagged`).
 * Docs and examples: ./readme.md.
 */

import {citationRule, noOptions} from '../../src/rule.js'

// The check judged it already (it decides whether the citation is removed).
const citationSoft404 = citationRule<never, undefined>('citation-soft-404', (checked) => checked.soft404, noOptions('citation-soft-404'))

export default citationSoft404
