// Which citations the Action reports: on a pull request, those it added or changed (`only-changed`).

import {CLAIM_RULES, type Verdict} from '../judge/verdict.js'
import {toRecord, type CitationRecord} from '../report/record.js'
import type {Place} from '../types.js'
import {touches} from './diff.js'
import type {Change} from './event.js'
import type {Changes} from './git.js'
import type {OnlyChanged} from './inputs.js'

/**
 * `lines`: citations whose URL sits on a line the PR added or changed (any line of it, for one spanning
 * several), and those whose claim's mark does (a footnote's `[^1]`, a numbered source's `[1]`: see
 * `atClaim`); `files`: every citation of a file the PR added, changed or renamed; `all`: every citation.
 * Paths are repository-relative on both sides.
 */
export function selectRecords(records: readonly CitationRecord[], mode: OnlyChanged, changes: Changes | undefined): CitationRecord[] {
  if (mode === 'all' || !changes) return [...records]
  if (mode === 'files') return records.filter((record) => changes.files.has(record.file))
  return records.flatMap((record) => {
    const ranges = changes.lines.get(record.file)
    const {place, claimPlace} = record.citation
    // A later use is its sentence (see `Citation.laterUse`): what its URL is came with the source's line.
    if (touches(ranges, place.start.line, place.end.line)) return record.citation.laterUse ? atClaim(record, place) : [record]
    return claimPlace && touches(ranges, claimPlace.start.line, claimPlace.end.line) ? atClaim(record, claimPlace) : []
  })
}

/**
 * A citation whose URL's line is unchanged but whose claim's sentence changed, as that sentence cites it: at its
 * mark, a line of the diff, with what the rules said of the sentence only. What its URL is (dead, unsafe) came
 * with the unchanged line, and is not this change's. None when the rules said nothing of the sentence and the URL
 * has findings: a dead page judges no sentence, and the citation would be counted ok in the outputs and job summary.
 */
function atClaim(record: CitationRecord, place: Place): CitationRecord[] {
  const onClaim = (verdicts: readonly Verdict[]) => verdicts.filter((verdict) => CLAIM_RULES.has(verdict.rule))
  const [verdicts, ignored] = [onClaim(record.verdicts), onClaim(record.ignored ?? [])]
  if (verdicts.length + ignored.length === 0 && record.action !== 'ok') return []
  return [toRecord(record.file, {...record.citation, place}, record.report, verdicts, ignored)]
}

/**
 * Whether a repository-relative path is under the working directory (`prefix`: its path in the repository) and
 * `checked` takes it (see `filesMatcher`) relative to that. Files outside it are not this run's to check.
 */
export function checkedHere(prefix: string, checked: (file: string) => boolean): (file: string) => boolean {
  return (file) => file.startsWith(prefix) && checked(file.slice(prefix.length))
}

/** The changed files `wanted` takes (see `checkedHere`), relative to the working directory: what the bin is given. */
export function changedTargets(changes: Changes, prefix: string, wanted: (file: string) => boolean): string[] {
  return [...changes.files]
    .filter(wanted)
    .map((file) => file.slice(prefix.length))
    .sort()
}

/** How a run chose its citations, for the log and the job summary; `change` names what the event changes, if anything. */
export function modeNote(mode: OnlyChanged, change: Change['name'] | undefined): string {
  if (!change) return 'every citation in the checked files (not a pull request)'
  if (mode === 'lines') return `citations on lines this ${change} added or changed (\`only-changed: lines\`)`
  if (mode === 'files') return `every citation in the files this ${change} added or changed (\`only-changed: files\`)`
  return 'every citation in the checked files (`only-changed: all`)'
}
