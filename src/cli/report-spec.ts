// `--report format[=path]`: which report, and where to (a file, or stdout when no path is given).

import {UsageError} from './usage-error.js'

export const reportFormats = ['json', 'jsonl', 'sarif', 'summary'] as const
export type ReportFormat = (typeof reportFormats)[number]

export interface ReportSpec {
  format: ReportFormat
  /** Where to write it; stdout when undefined. */
  path: string | undefined
}

const allowed = 'expected `json`, `jsonl`, `sarif` or `summary`, each optionally followed by `=path`'

export function parseReport(value: string): ReportSpec {
  const cut = value.indexOf('=')
  const format = cut === -1 ? value : value.slice(0, cut)
  const path = cut === -1 ? undefined : value.slice(cut + 1)
  if (!(reportFormats as readonly string[]).includes(format)) {
    throw new UsageError(`Unexpected \`--report\` format \`${format}\`, ${allowed}`)
  }
  if (path === '') throw new UsageError(`Unexpected empty path in \`--report ${value}\`, expected \`--report ${format}=<path>\` or \`--report ${format}\` for stdout`)
  return {format: format as ReportFormat, path}
}
