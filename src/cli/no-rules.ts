// A remark config that uses none of the citation rules (one written for other remark-lint rules, a subfolder's
// config for its MDX plugins) checks no citation: the run said "no issues found" and passed, CI included.

import type {Processor} from 'unified'
import type {VFile} from 'vfile'
import type {CitationRule} from '../rule.js'

export const noRulesReason =
  'Unexpected remark config without citation rules, expected `remark-lint-citations` (the preset) or its rules among its plugins: no citation was checked'

/**
 * Each file whose processor has no citation rule, on or off, gets a fatal message of the settings' kind (exit 2).
 * A rule turned off is the config's choice; a config that names none was written for something else.
 */
export default function remarkNoCitationRules(this: Processor) {
  const named = this.attachers.some(([plugin]) => (plugin as Partial<CitationRule>).citationRule !== undefined)
  if (named) return
  return (_tree: unknown, file: VFile) => {
    const message = file.message(noRulesReason, {ruleId: 'configure', source: 'remark-lint-citations'})
    message.fatal = true
  }
}
