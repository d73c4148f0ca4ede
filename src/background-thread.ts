// The package's helper threads (page reading, cache writing) give way to the main thread.
//
// Why: the main thread parses the Markdown and handles every socket, and a run ends when it has started the
// busiest host's last request. Each batch of pages it posts wakes the page thread, and on Linux a thread just
// woken from sleep takes the CPU from the one that woke it: on the 2-core benchmark machine, 0.5 s of the main
// thread's time went to those hand-overs. At nice 10 the helper threads run when a core is free and take a
// tenth of one that is not; they are never starved, since the main thread spends its waits idle.

/**
 * Lowers the calling thread's priority. Linux only: there the nice value belongs to a thread, while elsewhere
 * `setpriority` would lower the whole process, main thread included. Uses nothing outside its arguments, so the
 * cache writer's thread, built from source text, can run it too.
 */
export function giveWayToMainThread(os: Pick<typeof import('node:os'), 'setPriority'>, platform: string): void {
  if (platform !== 'linux') return
  try {
    // Nice 10 (not 19): low enough never to preempt the main thread, high enough to keep up beside other work.
    os.setPriority(10)
  } catch {
    // A sandbox may refuse: the thread then keeps its share, and nothing else changes.
  }
}
