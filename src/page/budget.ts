// A limit on the page bytes fetched and not yet read. Large pages are fetched faster than they are read (a 2 MB
// page takes the reader about 0.1 s), and without a limit every fetched body waited in memory, more the more pages
// a run cites. A request waits for room as it is about to leave (see verify/inspect.ts), so fetching slows to the
// reader's pace, and memory stays within this limit plus the requests in flight.

import type {PageReader} from './reader.js'

/** Bytes of fetched pages that may wait to be read before the next page's fetch waits. */
export const unreadPageBytes = 64 * 1024 * 1024

export interface BudgetedReader extends PageReader {
  /** Resolves once the pages waiting to be read hold fewer bytes than the limit. */
  room(): Promise<void>
}

export function withBudget(reader: PageReader, limit = unreadPageBytes): BudgetedReader {
  let unread = 0
  const waiting: Array<() => void> = []
  return {
    async read(response) {
      const size = response.body.length
      unread += size
      try {
        return await reader.read(response)
      } finally {
        unread -= size
        // Every waiter goes: the fetches they start are few at a time anyway (the scheduler's limits).
        if (unread < limit) for (const go of waiting.splice(0)) go()
      }
    },
    room: () => (unread < limit ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve))),
    close: () => reader.close()
  }
}
