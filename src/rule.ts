// A lint rule that reports the verdicts one rule owns; `lintRule` makes `<!--lint ignore-->` work.

import type {Root} from 'mdast'
import {lintRule} from 'unified-lint-rule'
import {checkFile, type CheckedCitation} from './check.js'
import type {LivenessRule} from './judge/liveness.js'
import {reportVerdict} from './report/message.js'

export const homepage = 'https://www.npmjs.com/package/remark-lint-citations'

/**
 * The rules report synchronously when `configure` has already awaited the checks. That matters:
 * unified-engine flushes its file set without waiting for a file that already has a fatal message,
 * so a file that turned fatal in one rule and went on awaiting in the next was never reported, and
 * `remark` exited 0 with no output. Without `configure` (a rule used alone) the rule awaits itself.
 */
export function citationRule(name: LivenessRule) {
  return lintRule<Root>({origin: `remark-lint:${name}`, url: `${homepage}#${name}`}, (tree, file) => {
    const report = (results: CheckedCitation[]) => {
      for (const checked of results) if (checked.verdict.rule === name) reportVerdict(tree, file, checked)
    }
    if (file.data.citationResults) return report(file.data.citationResults)
    return checkFile(tree, file).then(report)
  })
}
