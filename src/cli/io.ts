// What a command reads and writes, passed in so tests and the bin hand over the same things.

export interface Io {
  stdin: NodeJS.ReadableStream & {isTTY?: boolean}
  stdout: NodeJS.WritableStream
  stderr: NodeJS.WritableStream & {isTTY?: boolean}
  env: NodeJS.ProcessEnv
  /** The working directory; report paths and globs are relative to it. */
  cwd: string
}

/**
 * Write and wait until the stream has taken it, so an exit right after loses nothing. A reader that went away
 * (`| head`) is no failure of the command: what it did not read is dropped.
 */
export function write(stream: NodeJS.WritableStream, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.write(text, (error) => (error && !readerGone(error) ? reject(error) : resolve()))
  })
}

/** EPIPE: the reading end of the pipe closed; ERR_STREAM_DESTROYED: a write after that. */
export function readerGone(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null | undefined)?.code
  return code === 'EPIPE' || code === 'ERR_STREAM_DESTROYED'
}
