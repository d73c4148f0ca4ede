// Runs each file's extraction in slices of event-loop turns, so sockets are served in between.
//
// Why: `remark` reads a whole folder, then parses every file in one run of callbacks (they all wait for the
// configuration, which loads last). If each file's citations were extracted and asked for inside that run, no
// request could leave and no answer be read until all of them were: on the large benchmark, the first byte
// went out 2.5 s after start. Here the run holds the parsing alone; extraction (about as costly) then goes
// on in slices of `sliceMs`, each followed by a poll for I/O. A slice long enough to extract several files
// keeps every URL known early, which the scheduler needs to start the longest queues first.

const sliceMs = 10
const queue: Array<() => void> = []

/** Runs `work` on a later turn, after I/O has been polled; first come, first served. */
export function inTurn<T>(work: () => T): Promise<T> {
  return new Promise((resolve, reject) => {
    const run = () => {
      try {
        resolve(work())
      } catch (error) {
        reject(error)
      }
    }
    if (queue.push(run) === 1) setImmediate(slice)
  })
}

function slice(): void {
  const end = performance.now() + sliceMs
  do queue.shift()!()
  while (queue.length > 0 && performance.now() < end)
  // Immediates queued during this one run after the next poll.
  if (queue.length > 0) setImmediate(slice)
}
