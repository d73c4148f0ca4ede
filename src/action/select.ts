// Which citations the Action reports: on a pull request, those it added or changed (`only-changed`).

import type {CitationRecord} from '../report/record.js'
import {touches} from './diff.js'
import type {Change} from './event.js'
import type {Changes} from './git.js'
import type {OnlyChanged} from './inputs.js'

/**
 * `lines`: citations whose URL sits on a line the PR added or changed (any line of it, for one spanning
 * several); `files`: every citation of a file the PR added, changed or renamed; `all`: every citation.
 * Paths are repository-relative on both sides.
 */
export function selectRecords(records: readonly CitationRecord[], mode: OnlyChanged, changes: Changes | undefined): CitationRecord[] {
  if (mode === 'all' || !changes) return [...records]
  if (mode === 'files') return records.filter((record) => changes.files.has(record.file))
  return records.filter(({file, citation: {place}}) => touches(changes.lines.get(file), place.start.line, place.end.line))
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
