// Phrasing elements, apart from the DOM code so that the Markdown extraction reads them without loading htmlparser2.

/** Phrasing elements: text flows through them without a break. Everything else separates words. */
export const inline: ReadonlySet<string> = new Set([
  'a', 'abbr', 'acronym', 'b', 'bdi', 'bdo', 'big', 'cite', 'code', 'data', 'del', 'dfn', 'em', 'font', 'i', 'ins',
  'kbd', 'label', 'mark', 'nobr', 'q', 's', 'samp', 'small', 'span', 'strike', 'strong', 'sub', 'sup', 'time', 'tt',
  'u', 'var', 'wbr', 'img', 'picture', 'input', 'ruby', 'rt', 'rp', 'meter', 'progress', 'output'
])
