// Per file, once: extract citations, ask the shared verifier, judge each; every rule reads this.

import type {Root} from 'mdast'
import type {VFile} from 'vfile'
import {extractCitations} from './extract/index.js'
import {linkedUrls} from './extract/linked-urls.js'
import {sourceText} from './extract/source-text.js'
import {judgeLiveness, unconfirmedDead, withArchivedCopy} from './judge/liveness.js'
import {judgeRetracted} from './judge/retracted.js'
import {judgeSoft404, wantsSiblingProbe} from './judge/soft-404.js'
import type {RuleName, Verdict} from './judge/verdict.js'
import {holdsFragmentSecret} from './net/policy.js'
import type {SiblingProbe} from './verify/sibling.js'
import {resolveSettings, type Settings} from './options.js'
import {accessDate} from './resolve/access-date.js'
import type {Citation, PageDepth, SourceReport} from './types.js'
import {inTurn} from './turn.js'
import {sharedVerifier} from './verify/shared.js'

export interface CheckedCitation {
  citation: Citation
  report: SourceReport
  /** The liveness verdict (the rules `citation-alive`, `-reachable`, `-url-safety` report it). */
  verdict: Verdict
  /** The random-sibling probe, when `citation-soft-404` is on and the page looked suspicious. */
  sibling?: SiblingProbe
  /**
   * The citation must go (dead, unsafe, retracted, or a certain soft 404): the judgments of what the source says
   * are then beside the point, and its one error is enough. Each counts only while the rule that reports it is on:
   * with that rule off, nothing would report it, and the source is judged like any other.
   */
  removed: boolean
  /**
   * citation-soft-404's verdict, while that rule is on: the page is then likely an error page, that rule speaks of it,
   * and the judgments of its title and text stay silent. With the rule off the page is judged like any other.
   */
  soft404?: Verdict
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
function depthFor(fragment: string | undefined, rules: Set<RuleName> | undefined): PageDepth {
  if (!rules || textRules.some((rule) => rules.has(rule))) return 'full'
  return fragment && rules.has('citation-fragment') ? 'full' : 'top'
}

/**
 * The URL the verifier is asked for: the normalised one, without its fragment (never sent: one fetch serves all
 * the page's anchors), unless the fragment holds a secret (`#access_token=…`). The policy then sees it, and
 * refuses the citation as it refuses a secret in the query, before anything is fetched.
 */
function askedUrl(url: string, fragment: string | undefined): string {
  if (fragment === undefined) return url
  const written = `${url}#${fragment}`
  return holdsFragmentSecret(written) ? written : url
}

/**
 * Asks a threaded verifier for a file's linked URLs as soon as the file is parsed: the thread fetches them while
 * this one parses the other files. The checks proper (`checkFile`) ask again and share those answers.
 */
export function prefetch(tree: Root, file: VFile, settings: Settings, rules: Set<RuleName>): void {
  const verifier = sharedVerifier(settings)
  if (!verifier.threaded) return
  for (const {url, fragment} of linkedUrls(tree, sourceText(file), settings.skip)) {
    // Its outcome is read by the check; a failure there is reported there, not here.
    verifier.verify(askedUrl(url, fragment), depthFor(fragment, rules)).catch(() => {})
  }
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
  const citations = await inTurn(() => extractCitations(tree, file, {skip: settings.skip, jsxAttributes: settings.jsxAttributes}))
  // One wait for all of the file's sources, then each citation is judged: no suspended call per citation while
  // the answers come (a large corpus holds ten thousand of them).
  const reports = await Promise.all(citations.map((citation) => verifier.verify(askedUrl(citation.normalizedUrl ?? citation.url, citation.fragment), depthFor(citation.fragment, rules))))
  /** The checked citation for its liveness verdict, with the archived copy and the sibling probe it calls for. */
  const settle = (citation: Citation, report: SourceReport, verdict: Verdict): CheckedCitation | Promise<CheckedCitation> => {
    // A paper its registry knows is judged by the registry, not by its publisher's landing page.
    const registered = report.work?.outcome === 'found'
    // A later use's liveness is its source's, reported there (see `Citation.laterUse`).
    const archive = !citation.laterUse && settings.archive && wantsArchivedCopy(verdict, report) ? settings.archive : undefined
    const probe = probing && !registered && wantsSiblingProbe(report)
    if (!archive && !probe) return checked(citation, report, verdict, undefined, rules)
    return (async () => {
      let archived = verdict
      if (archive) {
        const at = accessDate(nearText(file, citation)) ?? archive.accessDate
        archived = withArchivedCopy(verdict, await verifier.snapshot(citation.normalizedUrl ?? citation.url, at))
      }
      return checked(citation, report, archived, probe ? await verifier.probeSibling(report) : undefined, rules)
    })()
  }
  return Promise.all(
    citations.map((citation, index) => {
      const report = reports[index]!
      const verdict = judgeLiveness(citation, report, settings)
      if (settings.confirmDead === 0) return settle(citation, report, verdict)
      // `confirmDead`: an error only once the page has been dead that long, as runs sharing the cache saw it.
      const dead = report.liveness === 'dead' && verdict.rule === 'citation-alive' && verdict.action === 'removed'
      const url = citation.normalizedUrl ?? citation.url
      return verifier.deadSince(url, dead, Math.max(4 * settings.confirmDead, deathsKeptMs)).then((since) => {
        const young = dead && Date.now() - since < settings.confirmDead
        return settle(citation, report, young ? unconfirmedDead(citation, report, since, settings.confirmDead) : verdict)
      })
    })
  )
}

/** How long a first failure is remembered at least (a page can stay dead, and uncited, for weeks between runs). */
const deathsKeptMs = 30 * 24 * 60 * 60 * 1000

/** The checked citation, and whether a rule that is on removes it (its one error is then enough). Unknown rules: all on. */
function checked(citation: Citation, report: SourceReport, verdict: Verdict, sibling: SiblingProbe | undefined, rules: Set<RuleName> | undefined): CheckedCitation {
  const on = (rule: RuleName) => rules?.has(rule) ?? true
  const soft404 = on('citation-soft-404') ? judgeSoft404(citation, report, sibling) : undefined
  const removed =
    (verdict.action === 'removed' && verdict.rule !== undefined && on(verdict.rule)) ||
    soft404?.certain === true ||
    (on('citation-retracted') && judgeRetracted(citation, report)?.certain === true)
  return {citation, report, verdict, removed, ...(sibling ? {sibling} : {}), ...(soft404 ? {soft404} : {})}
}

/**
 * A dead page, not a paper: a registry's verdict on an identifier is not fixed by an archived landing page (and
 * a dead publisher URL of a registered DOI already offers the DOI's link).
 */
function wantsArchivedCopy(verdict: Verdict, report: SourceReport): boolean {
  return verdict.rule === 'citation-alive' && verdict.expected === undefined && report.work === undefined
}

/** The claim, and the citation's line with the next one: where an "accessed …" date is written. */
function nearText(file: VFile, citation: Citation): string {
  const lines = sourceText(file).split('\n')
  return [citation.claim ?? '', ...lines.slice(citation.place.start.line - 1, citation.place.end.line + 1)].join('\n')
}
