// Runs each file's extraction in slices of event-loop turns, so sockets are served in between.
//
// Why: `remark` reads a whole folder, then parses every file in one run of callbacks (they all wait for the
// configuration, which loads last). If each file's citations were extracted and asked for inside that run, no
// request could leave and no answer be read until all of them were: on the large benchmark, the first byte
// went out 2.5 s after start. Here the run holds the parsing alone; extraction (about as costly) then goes
// on in slices of `sliceMs`, each followed by a poll for I/O. A slice long enough to extract several files
// keeps every URL known early, which the scheduler needs to start the longest queues first.

const sliceMs = 10
/** Waiting work from `next` on; an index, not `shift()`, so a folder of many files costs no quadratic copying. */
let queue: Array<() => void> = []
let next = 0
let scheduled = false

/** Runs `work` on a later turn, after I/O has been polled; first come, first served. */
export function inTurn<T>(work: () => T): Promise<T> {
  return new Promise((resolve, reject) => {
    queue.push(() => {
      try {
        resolve(work())
      } catch (error) {
        reject(error)
      }
    })
    if (!scheduled) {
      scheduled = true
      setImmediate(slice)
    }
  })
}

function slice(): void {
  const end = performance.now() + sliceMs
  do queue[next++]!()
  while (next < queue.length && performance.now() < end)
  // Immediates queued during this one run after the next poll.
  if (next < queue.length) return void setImmediate(slice)
  queue = []
  next = 0
  scheduled = false
}
