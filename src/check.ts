// Per file, once: extract citations, ask the shared verifier, judge each; every rule reads this.

import type {Root} from 'mdast'
import type {VFile} from 'vfile'
import {extractCitations} from './extract/index.js'
import {judgeLiveness, type Verdict} from './judge/liveness.js'
import {resolveSettings, type Settings} from './options.js'
import type {Citation, SourceReport} from './types.js'
import {sharedVerifier} from './verify/shared.js'

export interface CheckedCitation {
  citation: Citation
  report: SourceReport
  verdict: Verdict
}

declare module 'vfile' {
  interface DataMap {
    /** Set by the `configure` plugin; undefined means defaults. */
    citationSettings: Settings
    /** Set by `configure` when the settings are unusable: rules then stay silent. */
    citationSettingsFailed: boolean
    citationChecks: Promise<CheckedCitation[]>
    /** The settled checks, once `citationChecks` has resolved. */
    citationResults: CheckedCitation[]
  }
}

let defaults: Settings | undefined

export function checkFile(tree: Root, file: VFile): Promise<CheckedCitation[]> {
  if (file.data.citationSettingsFailed) return Promise.resolve([])
  file.data.citationChecks ??= run(tree, file, file.data.citationSettings ?? (defaults ??= resolveSettings({}))).then(
    (results) => (file.data.citationResults = results)
  )
  return file.data.citationChecks
}

async function run(tree: Root, file: VFile, settings: Settings): Promise<CheckedCitation[]> {
  const verifier = sharedVerifier(settings)
  const citations = extractCitations(tree, file, {skip: settings.skip, jsxAttributes: settings.jsxAttributes})
  return Promise.all(
    citations.map(async (citation) => {
      const report = await verifier.verify(citation.normalizedUrl ?? citation.url)
      return {citation, report, verdict: judgeLiveness(citation, report, settings)}
    })
  )
}
