/**
 * `remark-lint:citation-retracted`
 * Reports a cited paper (DOI, arXiv id, PubMed id) that its registry marks as retracted or withdrawn (an error,
 * action `removed`), partially retracted or under an expression of concern (a warning, action `flagged`).
 * Docs and examples: ./readme.md.
 */

import {judgeRetracted} from '../../src/judge/retracted.js'
import {citationRule, noOptions} from '../../src/rule.js'

const citationRetracted = citationRule<never, undefined>('citation-retracted', (checked) => judgeRetracted(checked.citation, checked.report), noOptions('citation-retracted'))

export default citationRetracted
