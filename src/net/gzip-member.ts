// Gzip as browsers read it: the first member's header is taken off here and its deflate data inflated raw, which
// stops where that data ends. zlib's Gunzip reads any bytes after a member as a next member, so a page followed by
// a stray newline (a script printing after its compressed output) failed to decode and, when it came in one piece,
// was lost whole; browsers show it, and ignore whatever follows the first member (its footer included).

import {Transform, type TransformCallback} from 'node:stream'

/** A header longer than this (an extra field's 64 KB, then names that never end) is not a header. */
const maxHeaderBytes = 128 * 1024

/** Passes on what follows the gzip header (RFC 1952, 2.3) of the bytes written; fails when they are not gzip. */
export function gzipHeader(): Transform {
  /** What was read of the header, until all of it was. */
  let head: Buffer | undefined = Buffer.alloc(0)
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      if (head === undefined) return done(null, chunk)
      const bytes = Buffer.concat([head, chunk])
      const length = headerLength(bytes)
      if (length === null || (length === undefined && bytes.length > maxHeaderBytes)) {
        return done(Object.assign(new Error('incorrect header check'), {code: 'Z_DATA_ERROR'}))
      }
      if (length === undefined) {
        head = bytes
        return done()
      }
      head = undefined
      done(null, bytes.subarray(length))
    }
  })
}

/** The header's length; undefined while it is not all there, null when the bytes are not gzip. */
function headerLength(bytes: Buffer): number | null | undefined {
  const magic = [0x1f, 0x8b, 0x08]
  if (magic.some((byte, index) => index < bytes.length && bytes[index] !== byte)) return null
  if (bytes.length < 10) return undefined
  const flags = bytes[3]!
  let end = 10
  // FEXTRA: a length, then that many bytes.
  if (flags & 0x04) {
    if (bytes.length < end + 2) return undefined
    end += 2 + bytes.readUInt16LE(end)
  }
  // FNAME, FCOMMENT: zero-terminated.
  for (const flag of [0x08, 0x10]) {
    if (!(flags & flag)) continue
    const zero = end < bytes.length ? bytes.indexOf(0, end) : -1
    if (zero === -1) return undefined
    end = zero + 1
  }
  // FHCRC: two bytes.
  if (flags & 0x02) end += 2
  return end <= bytes.length ? end : undefined
}
