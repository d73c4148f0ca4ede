// The file extensions the bin checks unless `--ext` says otherwise (`.mdx` is parsed as MDX, see mdx.ts).

export const defaultExtensions: readonly string[] = ['md', 'markdown', 'mdx']
