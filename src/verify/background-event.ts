// The signal between a background fetch and the editor server, which may be two copies of this package (the
// server's, and the one a workspace's config loads): so an event on `process`, not on a module's emitter.

/** Emitted when a background fetch (`cacheOnly: 'background'`) has an answer: open documents can show it. */
export const backgroundAnswerEvent = 'remark-lint-citations:background-answer'

/** `process` as the event emitter it is: its typings know only Node's own events. */
export const processEvents: NodeJS.EventEmitter = process
