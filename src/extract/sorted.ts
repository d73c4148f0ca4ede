// Lookups in ascending lists of offsets.

/** The index of the last of ascending `sorted` at or before `index` (binary search); -1 when none is. */
export function lastAtOrBefore(sorted: readonly number[], index: number): number {
  let low = 0
  let high = sorted.length - 1
  let found = -1
  while (low <= high) {
    const middle = (low + high) >> 1
    if ((sorted[middle] ?? 0) <= index) {
      found = middle
      low = middle + 1
    } else high = middle - 1
  }
  return found
}
