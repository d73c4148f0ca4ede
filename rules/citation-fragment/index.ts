/**
 * `remark-lint:citation-fragment`
 * Reports a `#fragment` that names no element on the cited page, with the nearest existing anchor as the fix.
 * Line anchors of code hosts, text fragments and app routes are not element ids and are left alone, as is what a code
 * host renders by script (a Markdown file's headings, a thread's comments). Action `flagged`.
 * Docs and examples: ./readme.md.
 */

import {judgeFragment} from '../../src/judge/fragment.js'
import {citationRule, noOptions} from '../../src/rule.js'

const citationFragment = citationRule<never, undefined>(
  'citation-fragment',
  (checked) => judgeFragment(checked.citation, checked.report),
  noOptions('citation-fragment')
)

export default citationFragment
