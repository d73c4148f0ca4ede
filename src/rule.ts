// A lint rule that reports the verdicts one rule owns; `lintRule` makes `<!--lint ignore-->` work.

import type {Root} from 'mdast'
import {lintRule} from 'unified-lint-rule'
import {checkFile} from './check.js'
import type {LivenessRule} from './judge/liveness.js'
import {reportVerdict} from './report/message.js'

export const homepage = 'https://www.npmjs.com/package/remark-lint-citations'

export function citationRule(name: LivenessRule) {
  return lintRule<Root>({origin: `remark-lint:${name}`, url: `${homepage}#${name}`}, async (tree, file) => {
    for (const checked of await checkFile(tree, file)) {
      if (checked.verdict.rule === name) reportVerdict(tree, file, checked)
    }
  })
}
