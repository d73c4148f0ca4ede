// How the verifier speaks outside a report: warnings on stderr, never a failed run.

/** Cache warnings (corrupt entries, an unreachable Redis) go to stderr once each: they never fail a run. */
export function warnOnce(): (message: string) => void {
  const seen = new Set<string>()
  return (message) => {
    if (seen.has(message)) return
    seen.add(message)
    process.emitWarning(message, {code: 'REMARK_LINT_CITATIONS_CACHE'})
  }
}
