// A bad command-line argument: the message names the argument and what is allowed; the bin exits 2.

export class UsageError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'UsageError'
  }
}
