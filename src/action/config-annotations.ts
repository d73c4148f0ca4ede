// The bin says each config failure in one line, `path[:line[:column]]: Cannot …` or `…: Unexpected …` (see
// cli/config-error.ts). On a pull request those lines are in the log only: each becomes an annotation at its
// place in the config, where the pull request's reviewer sees it.

import {escapeData, escapeProperty} from '../report/github.js'
import {reportPath} from '../report/order.js'

/**
 * The bin's config-failure lines only: a report's file header is a path alone, which may itself hold `: Cannot …`.
 * An option's line ends with its plugin's name: `(configure)`, `(citation-alive)`.
 */
const failureLine =
  /^([^\s:][^:\n]*?)(?::(\d+)(?::(\d+))?)?: ((?:Cannot (?:load|read) remark config:|Cannot (?:find|load) plugin) .+|Unexpected .+ \((?:configure|citation-[a-z0-9-]+)\))$/gm

/** `::error` commands for the config failures in the bin's output; paths are from its working directory, `prefix` the repository's. */
export function configAnnotations(output: string, prefix: string): string[] {
  return [...output.matchAll(failureLine)].map(([, file, line, column, message]) => {
    const place = [`file=${escapeProperty(reportPath(prefix + file))}`, line && `line=${line}`, column && `col=${column}`].filter(Boolean)
    return `::error ${[...place, 'title=remark-lint-citations configuration error'].join(',')}::${escapeData(message!)}`
  })
}
