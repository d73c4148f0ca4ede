// How the verifier speaks outside a report: warnings on stderr, never a failed run.

/**
 * The verifier's warnings (a corrupt cache entry, an unreachable Redis, a thread that could not start) go to stderr
 * once each: they never fail a run.
 */
export function warnOnce(): (message: string) => void {
  const seen = new Set<string>()
  return (message) => {
    if (seen.has(message)) return
    seen.add(message)
    process.emitWarning(message, {code: 'REMARK_LINT_CITATIONS_VERIFIER'})
  }
}
