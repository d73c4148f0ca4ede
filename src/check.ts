// Per file, once: extract citations, ask the shared verifier, judge each; every rule reads this.

import type {Root} from 'mdast'
import type {VFile} from 'vfile'
import {extractCitations} from './extract/index.js'
import {judgeLiveness} from './judge/liveness.js'
import {judgeSoft404, wantsSiblingProbe} from './judge/soft-404.js'
import type {RuleName, Verdict} from './judge/verdict.js'
import type {SiblingProbe} from './verify/sibling.js'
import {resolveSettings, type Settings} from './options.js'
import type {Citation, PageDepth, SourceReport} from './types.js'
import {sharedVerifier} from './verify/shared.js'

export interface CheckedCitation {
  citation: Citation
  report: SourceReport
  /** The liveness verdict (the rules `citation-alive`, `-reachable`, `-url-safety` report it). */
  verdict: Verdict
  /** The random-sibling probe, when `citation-soft-404` is on and the page looked suspicious. */
  sibling?: SiblingProbe
  /**
   * The citation must go (dead, unsafe, or a certain soft 404): the judgments of what the source says
   * are then beside the point, and its one error is enough.
   */
  removed: boolean
}

declare module 'vfile' {
  interface DataMap {
    /** Set by the `configure` plugin; undefined means defaults. */
    citationSettings: Settings
    /** Set by `configure` when the settings are unusable: rules then stay silent. */
    citationSettingsFailed: boolean
    /** Set by `configure`: the citation rules that are on, so work only they need is skipped otherwise. */
    citationRules: Set<RuleName>
    citationChecks: Promise<CheckedCitation[]>
    /** The settled checks, once `citationChecks` has resolved. */
    citationResults: CheckedCitation[]
    /** What each rule reported about each citation, with its message (reports keep those still in `file.messages`). */
    citationVerdicts: globalThis.Map<CheckedCitation, Array<{verdict: Verdict; message: ReturnType<VFile['message']>}>>
  }
}

let defaults: Settings | undefined

/** Rules that read a page's text (and so need all of it); fragments need all of it only for a `#fragment`. */
const textRules: RuleName[] = ['citation-claim-support', 'citation-soft-404']

/** The whole page when a rule that is on reads its text or anchors, else its top. Unknown rules: the whole page. */
function depthFor(citation: Citation, rules: Set<RuleName> | undefined): PageDepth {
  if (!rules || textRules.some((rule) => rules.has(rule))) return 'full'
  return citation.fragment && rules.has('citation-fragment') ? 'full' : 'top'
}

/** The settings `configure` gave this file, or the defaults. */
export function settingsOf(file: VFile): Settings {
  return file.data.citationSettings ?? (defaults ??= resolveSettings({}))
}

export function checkFile(tree: Root, file: VFile): Promise<CheckedCitation[]> {
  if (file.data.citationSettingsFailed) return Promise.resolve([])
  file.data.citationChecks ??= run(tree, file, settingsOf(file)).then(
    (results) => (file.data.citationResults = results)
  )
  return file.data.citationChecks
}

async function run(tree: Root, file: VFile, settings: Settings): Promise<CheckedCitation[]> {
  const verifier = sharedVerifier(settings)
  // Without `configure` nobody knows which rules are on: the probe, an extra request, is then skipped.
  const rules = file.data.citationRules
  const probing = rules?.has('citation-soft-404') ?? false
  const citations = extractCitations(tree, file, {skip: settings.skip, jsxAttributes: settings.jsxAttributes})
  return Promise.all(
    citations.map(async (citation): Promise<CheckedCitation> => {
      const report = await verifier.verify(citation.normalizedUrl ?? citation.url, depthFor(citation, rules))
      const verdict = judgeLiveness(citation, report, settings)
      const sibling = probing && wantsSiblingProbe(report) ? await verifier.probeSibling(report) : undefined
      const removed = verdict.action === 'removed' || judgeSoft404(citation, report, sibling)?.certain === true
      return {citation, report, verdict, removed, ...(sibling ? {sibling} : {})}
    })
  )
}
