// The bin's dispatch: parse the arguments, run the command, turn every outcome into an exit code.

import {VERSION} from '../net/headers.js'
import {parseArguments, type Args} from './args.js'
import {lintHelp, verifyHelp} from './help.js'
import {write, type Io} from './io.js'
import {exitCode, type ExitCode} from './outcome.js'
import {UsageError} from './usage-error.js'
import {answerError, errorResult} from './verify-answer.js'

export async function main(argv: readonly string[], io: Io): Promise<ExitCode> {
  let args: Args
  try {
    args = parseArguments(argv)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    if (argv[0] === 'verify') await answerError(io, errorResult(error)!)
    else await write(io.stderr, `${error.message}\nSee \`remark-lint-citations --help\`.\n`)
    return exitCode.setup
  }
  try {
    return await run(args, io)
  } catch (error) {
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error)
    if (args.command === 'verify') {
      const message = error instanceof Error ? error.message : String(error)
      await write(io.stdout, JSON.stringify({ok: false, error: {code: 'INTERNAL_ERROR', message, details: {}}}) + '\n')
    }
    await write(io.stderr, `remark-lint-citations: internal failure: ${detail}\n`)
    return exitCode.internal
  } finally {
    if (args.command === 'lint' || args.command === 'verify') {
      // Open connections (keep-alive sockets, a Redis client) would keep the process alive after the answer.
      const {closeSharedVerifiers} = await import('../verify/shared.js')
      await closeSharedVerifiers().catch(() => undefined)
    }
  }
}

async function run(args: Args, io: Io): Promise<ExitCode> {
  switch (args.command) {
    case 'help':
      await write(io.stdout, args.topic === 'verify' ? verifyHelp : lintHelp)
      return exitCode.clean
    case 'version':
      await write(io.stdout, `${VERSION}\n`)
      return exitCode.clean
    // Loaded only when needed: the rules and their dependencies take most of a second to import.
    case 'lint':
      return (await import('./lint.js')).lint(args, io)
    case 'verify':
      return (await import('./verify.js')).verify(args, io)
  }
}
