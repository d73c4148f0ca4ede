// A lint rule that reports the verdicts one rule owns; `lintRule` makes `<!--lint ignore-->` work.

import type {Root} from 'mdast'
import type {Plugin, Processor, TransformCallback} from 'unified'
import {lintRule, type Label, type Severity} from 'unified-lint-rule'
import type {VFile} from 'vfile'
import {checkFile, settingsOf, type CheckedCitation} from './check.js'
import {leaveOutOfEngineReport} from './engine-report.js'
import {CLAIM_RULES, type RuleName, type Verdict} from './judge/verdict.js'
import type {Settings} from './options.js'
import {reportVerdict} from './report/message.js'
import {oneLine} from './report/one-line.js'
import {ruleUrl} from './report/rules.js'
import {belongsToConfigure, OptionsError, show} from './validate.js'

/** What one rule thinks of one checked citation, given the rule's own options and the shared settings. */
export type Judge<O> = (checked: CheckedCitation, options: O, settings: Settings) => Verdict | undefined

/**
 * What a rule takes, as unified-lint-rule reads it: the rule's options, or a severity and its options
 * (`['warn', {threshold: 0.7}]`). A severity alone (`'warn'`) is not one, though unified-lint-rule's own type says so: it
 * reads anything but an array as the options. Typed, so that a misspelt option is a compile error in `.use(rule, …)`,
 * not only a lint message at run time.
 */
export type RuleConfig<Given> = [level: Label | Severity | boolean, options?: Given] | Given

/** A rule plugin carries its name, so `configure` can tell which rules are on (see `enabledRules`). */
export type CitationRule<Given = never> = Plugin<[RuleConfig<Given>?], Root> & {citationRule: RuleName}

/**
 * A severity written alone (`["…/citation-alive", 1]`, `"off"`): unified-lint-rule reads it as the rule's options,
 * and only the first item of an array as a severity, so the rule was told options it does not take.
 */
const bareSeverities = new Set<unknown>(['off', 'on', 'warn', 'error', 0, 1, 2])

/** Messages of verdicts marked `certain`, and invalid options: errors whatever the rule's severity. */
const certain = new WeakSet<ReturnType<VFile['message']>>()

/**
 * Invalid options: the config's mistake, not the document's. Under `remark-lint` lint comments' filter read them
 * (no place) at 1:1, and dropped them where a file opens with `<!--lint ignore citation-x-->` (or `disable`), or
 * where 1:1 is in a gap (`[](url)` alone, as `verify` writes sources): the rule went silent without a word. Under
 * the package's own source, as `configure`'s are, the filter leaves them alone.
 */
const optionFailures = new WeakSet<ReturnType<VFile['message']>>()

/**
 * The rules report synchronously when `configure` has already awaited the checks. That matters:
 * unified-engine flushes its file set without waiting for a file that already has a fatal message,
 * so a file that turned fatal in one rule and went on awaiting in the next was never reported, and
 * `remark` exited 0 with no output. Without `configure` (a rule used alone) the rule awaits itself.
 *
 * Rule options (`[rule, ['warn', {…}]]`, typed `Given` as written and `O` as the judge takes them) are parsed once per options object; an invalid one is an error
 * that names the option, under the rule's id, and the rule then says nothing else about the file.
 */
export function citationRule<Given, O>(name: RuleName, judge: Judge<O>, parseOptions: (value: unknown) => O): CitationRule<Given> {
  const ownsRemoval = removalRules.has(name)
  const judgesClaims = CLAIM_RULES.has(name)
  const parsed = new WeakMap<object, O>()
  let defaults: {value: O} | undefined
  const optionsOf = (value: unknown): O => {
    if (value === null || value === undefined) return (defaults ??= {value: parseOptions(undefined)}).value
    if (bareSeverities.has(value)) {
      throw new OptionsError(`Unexpected options \`${String(value)}\` for \`${name}\`, expected a severity first in an array (\`[${JSON.stringify(value)}]\`), or \`false\` to turn the rule off`)
    }
    if (typeof value !== 'object') return parseOptions(value)
    let result = parsed.get(value)
    if (result === undefined) parsed.set(value, (result = parseOptions(value)))
    return result
  }
  const base = lintRule<Root, unknown>({origin: `remark-lint:${name}`, url: ruleUrl(name)}, (tree, file, value) => {
    const report = (results: CheckedCitation[]) => {
      // `configure` said why already, once.
      if (file.data.citationSettingsFailed) return
      try {
        const options = optionsOf(value)
        const settings = settingsOf(file)
        for (const checked of results) {
          // A citation that must be removed (dead, unsafe, gone) gets that one error, not a pile of judgments on top.
          if (checked.removed && !ownsRemoval) continue
          // A later use of a source is judged for its sentence only: what its URL is was said at the source.
          if (checked.citation.laterUse && !judgesClaims) continue
          const judged = judge(checked, options, settings)
          if (judged?.rule !== name) continue
          // What a page wrote (its title, a passage) is printed by every reporter: one line, no escape sequences.
          const shown = oneLine(judged.message)
          const verdict = shown === judged.message ? judged : {...judged, message: shown}
          const message = reportVerdict(tree, file, checked.citation, verdict)
          if (verdict.certain) certain.add(message)
          file.data.citationVerdicts ??= new Map()
          const said = file.data.citationVerdicts.get(checked) ?? []
          said.push({verdict, message})
          file.data.citationVerdicts.set(checked, said)
        }
      } catch (error) {
        // A bad option (or a user scorer breaking its contract): a plain message naming it, without the stack
        // a thrown error would print, and an error whatever the rule's severity.
        if (!(error instanceof OptionsError)) throw error
        const message = file.message(error.message)
        certain.add(message)
        optionFailures.add(message)
      }
    }
    if (file.data.citationResults) return report(file.data.citationResults)
    return checkFile(tree, file).then(report)
  })
  // unified-lint-rule sets one `fatal` for all of a rule's messages once the rule is done; certain ones are raised after.
  const plugin = function (this: Processor, config?: unknown) {
    const transform = (base as unknown as (this: Processor, config?: unknown) => Transform | undefined).call(this, config)
    if (!transform) return
    return (tree: Root, file: VFile, next: TransformCallback<Root>) => {
      leaveOutOfEngineReport(file)
      transform(tree, file, (error) => {
        for (const message of file.messages) {
          if (certain.has(message)) message.fatal = true
          if (optionFailures.has(message)) message.source = 'remark-lint-citations'
        }
        next(error)
      })
    }
  }
  return Object.assign(plugin, {citationRule: name}) as unknown as CitationRule<Given>
}

type Transform = (tree: Root, file: VFile, next: TransformCallback<Root>) => void

/** The rules that say a citation must be removed, so they speak about removed citations. */
const removalRules = new Set<RuleName>([
  'citation-alive',
  'citation-reachable',
  'citation-url-safety',
  'citation-soft-404',
  'citation-retracted'
])

/** The liveness rules report the one liveness verdict `check` made per citation; they take no options. */
export function livenessRule(name: RuleName): CitationRule {
  return citationRule<never, undefined>(name, (checked) => checked.verdict, noOptions(name))
}

/**
 * For rules without options: anything but nothing is a mistake worth naming, with where a fetching option belongs
 * (`{timeout: 5000}` given to `citation-alive` is `configure`'s) and what the rule takes.
 */
export function noOptions(name: RuleName): (value: unknown) => undefined {
  return (value) => {
    if (value === undefined || value === null || value === true) return undefined
    const keys = typeof value === 'object' && !Array.isArray(value) ? Object.keys(value) : []
    const given = keys.length === 0 ? `options \`${show(value)}\`` : `option${keys.length === 1 ? '' : 's'} ${keys.map((key) => '`' + key + '`').join(', ')}`
    throw new OptionsError(`Unexpected ${given} for \`${name}\`${belongsToConfigure(keys)}, expected none: only a severity (\`["warn"]\`), or \`false\` to turn the rule off`)
  }
}

/** The citation rules an attached plugin list turns on (severity not `off`). */
export function enabledRules(attachers: ReadonlyArray<readonly [unknown, ...unknown[]]>): Set<RuleName> {
  const on = new Set<RuleName>()
  for (const [plugin, config] of attachers) {
    const name = (plugin as Partial<CitationRule>).citationRule
    if (name === undefined) continue
    const level = Array.isArray(config) ? config[0] : config
    if (level === false || level === 0 || level === 'off') on.delete(name)
    else on.add(name)
  }
  return on
}
