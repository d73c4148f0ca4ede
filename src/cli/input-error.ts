// Input a pipeline gave that cannot be checked: the seed's `INVALID_ARGS` or `INVALID_JSON`.

import type {ErrorResult} from '../report/write.js'

export type InputErrorCode = 'INVALID_ARGS' | 'INVALID_JSON'

export class InputError extends Error {
  readonly code: InputErrorCode
  readonly details: Record<string, unknown>

  constructor(code: InputErrorCode, message: string, details: Record<string, unknown> = {}) {
    super(message)
    this.name = 'InputError'
    this.code = code
    this.details = details
  }

  /** The citations-validate seed's failure answer. */
  toErrorResult(): ErrorResult {
    return {ok: false, error: {code: this.code, message: this.message, details: this.details}}
  }
}
