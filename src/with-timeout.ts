// A wait with an end: for work that may never settle (a store that does not answer, a page that never ends).

/** Rejects with `message` when `promise` has not settled after `ms`; the timer does not hold the process. */
export function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms)
    timer.unref()
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}
