// `remark-lint-citations verify`: a JSON list of sources on stdin, the seed's `{results, summary}` on
// stdout, the human summary on stderr. Expected failures answer on stdout with the error contract.

import {checkSources} from '../audit.js'
import {jsonReport} from '../report/json.js'
import {jsonText} from '../report/json-text.js'
import {humanSummary} from '../report/summary.js'
import type {VerifyArgs} from './args.js'
import {InputError} from './input-error.js'
import {write, type Io} from './io.js'
import {exitCode, type ExitCode} from './outcome.js'
import {emitReports} from './reports.js'
import {answerError, errorResult} from './verify-answer.js'

export async function verify(args: VerifyArgs, io: Io): Promise<ExitCode> {
  try {
    const sources = parseJson(await readStdin(io.stdin))
    const {records, rules} = await checkSources(sources, {
      cwd: io.cwd,
      detectConfig: true,
      rcPath: args.rcPath,
      configure: args.options
    })
    // Report files first: when one cannot be written, stdout holds only the error answer.
    await emitReports(args.reports, records, {rules}, io.stdout)
    const report = jsonReport(records, rules ? {rules} : {})
    await write(io.stdout, jsonText(report, 2) + '\n')
    const color = args.color ?? (io.stderr.isTTY === true && !io.env.NO_COLOR)
    await write(io.stderr, humanSummary(records, {color, ...(rules ? {rules} : {})}))
    const failing = report.summary.removed > 0 || (args.frail && report.summary.flagged > 0)
    return failing ? exitCode.findings : exitCode.clean
  } catch (error) {
    const answer = errorResult(error)
    if (!answer) throw error
    await answerError(io, answer)
    return exitCode.setup
  }
}

async function readStdin(stdin: Io['stdin']): Promise<string> {
  if (stdin.isTTY) {
    throw new InputError('INVALID_ARGS', 'Unexpected terminal on stdin, expected the sources as JSON, such as `remark-lint-citations verify < sources.json`')
  }
  const chunks: Buffer[] = []
  for await (const chunk of stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk)
  return Buffer.concat(chunks).toString('utf8')
}

function parseJson(text: string): unknown {
  try {
    // A byte order mark, as some Windows editors and PowerShell write one, is not JSON but says nothing.
    return JSON.parse(text.replace(/^\uFEFF/, ''))
  } catch (error) {
    throw new InputError('INVALID_JSON', `Cannot parse the sources on stdin as JSON: ${(error as Error).message}`)
  }
}
