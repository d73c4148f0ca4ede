// How the verifier speaks outside a report: warnings on stderr, never a failed run.

/** Says a warning once a run. */
export interface Warn {
  (message: string): void
  /**
   * A long-lived process (`remark --watch`, an editor server) starts another run: a warning said in an earlier one is
   * said again should it hold again (a Redis still full), as that run's output is the one read.
   */
  newRun(): void
}

/**
 * The verifier's warnings (a corrupt cache entry, an unreachable Redis, a thread that could not start) go to stderr
 * once each a run: they never fail a run.
 */
export function warnOnce(): Warn {
  const seen = new Set<string>()
  const warn = (message: string): void => {
    if (seen.has(message)) return
    seen.add(message)
    process.emitWarning(message, {code: 'REMARK_LINT_CITATIONS_VERIFIER'})
  }
  return Object.assign(warn, {newRun: () => seen.clear()})
}
