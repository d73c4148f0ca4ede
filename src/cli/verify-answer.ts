// The error answer of `verify`: the citations-validate seed's `{ok: false, error: {code, message, details}}`.

import {jsonText} from '../report/json-text.js'
import {ReportWriteError, type ErrorResult} from '../report/write.js'
import {OptionsError} from '../validate.js'
import {InputError} from './input-error.js'
import {write, type Io} from './io.js'
import {UsageError} from './usage-error.js'

/** The answer for an expected failure; undefined for anything else (an internal failure). */
export function errorResult(error: unknown): ErrorResult | undefined {
  if (error instanceof InputError || error instanceof ReportWriteError) return error.toErrorResult()
  if (error instanceof OptionsError || error instanceof UsageError) {
    return {ok: false, error: {code: 'INVALID_ARGS', message: error.message, details: {}}}
  }
  return undefined
}

/** The answer on stdout for the pipeline; its message on stderr for the person watching. */
export async function answerError(io: Io, answer: ErrorResult): Promise<void> {
  await write(io.stdout, jsonText(answer) + '\n')
  await write(io.stderr, `${answer.error.message}\n`)
}
