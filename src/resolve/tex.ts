// TeX in a registered title as a reader sees it rendered: arXiv keeps its authors' markup (`Schr\"odinger`,
// `$\alpha$-decay of $^{229}$Th`) and Springer deposits it with Crossref (`$$ {\Lambda}_b^0 $$`), which a cited title
// never carries (`Schrödinger`, `α-decay of 229Th`, `Λb0`).

import {collapse} from '../page/text.js'

/** Combining marks of TeX's accent commands: `\"o` is `ö`, `\v{s}` is `š`. */
const accents: Record<string, string> = {
  '"': '\u0308',
  "'": '\u0301',
  '`': '\u0300',
  '^': '\u0302',
  '~': '\u0303',
  '=': '\u0304',
  '.': '\u0307',
  u: '\u0306',
  v: '\u030C',
  H: '\u030B',
  c: '\u0327',
  k: '\u0328',
  r: '\u030A'
}

/** Letters written inside words (`\\L ojasiewicz`, `Stra\\ss e`): the space after the name only ends it. */
const letters: Record<string, string> = {ss: 'ß', o: 'ø', O: 'Ø', ae: 'æ', AE: 'Æ', oe: 'œ', OE: 'Œ', aa: 'å', AA: 'Å', l: 'ł', L: 'Ł', i: 'ı', j: 'ȷ'}

/** The small Greek letters by name, as TeX and English write them (`\\beta`, `beta-blockers`). */
export const GREEK_LETTERS: Readonly<Record<string, string>> = {
  alpha: 'α', beta: 'β', gamma: 'γ', delta: 'δ', epsilon: 'ε', zeta: 'ζ', eta: 'η', theta: 'θ', iota: 'ι',
  kappa: 'κ', lambda: 'λ', mu: 'μ', nu: 'ν', xi: 'ξ', pi: 'π', rho: 'ρ', sigma: 'σ', tau: 'τ', upsilon: 'υ',
  phi: 'φ', chi: 'χ', psi: 'ψ', omega: 'ω'
}

/** Greek and the symbols titles use, by command name. */
const symbols: Record<string, string> = {
  ...GREEK_LETTERS, varepsilon: 'ε', vartheta: 'θ', varpi: 'π', varrho: 'ρ', varsigma: 'σ', varphi: 'φ',
  Gamma: 'Γ', Delta: 'Δ', Theta: 'Θ', Lambda: 'Λ', Xi: 'Ξ', Pi: 'Π', Sigma: 'Σ', Upsilon: 'Υ', Phi: 'Φ', Psi: 'Ψ',
  Omega: 'Ω',
  to: '→', rightarrow: '→', leftarrow: '←', leftrightarrow: '↔', times: '×', pm: '±', mp: '∓', infty: '∞',
  sim: '∼', approx: '≈', simeq: '≃', le: '≤', leq: '≤', ge: '≥', geq: '≥', ne: '≠', neq: '≠', ll: '≪', gg: '≫',
  ell: 'ℓ', hbar: 'ħ', partial: '∂', nabla: '∇', cdot: '·', circ: '∘', prime: '′', star: '⋆', dagger: '†',
  in: '∈', subset: '⊂', cup: '∪', cap: '∩', otimes: '⊗', oplus: '⊕', sqrt: '√', sum: '∑', int: '∫'
}

/** Commands that only set a font or a box: their argument is the text. */
const fonts = /\\(?:math(?:cal|rm|bf|it|sf|bb|frak|scr|tt)|text(?:rm|bf|it|sf|tt|sc|normal)?|emph|operatorname|boldsymbol|bm|rm|bf|it|cal)(?![a-zA-Z])\s*/g

/**
 * The title as rendered, or undefined when it holds no TeX (no `\` command, no `$`). Accents become letters, Greek
 * and symbol commands their characters, and math (`$$…$$`, or `$…$` holding TeX) loses its delimiters and its sub-
 * and superscript marks, groups their braces. A dollar amount (`The $15 minimum wage`) stays as it is.
 */
export function plainTex(title: string): string | undefined {
  if (!/\\[a-zA-Z"'`^~=.]|\$/.test(title)) return undefined
  const text = title
    .replace(/\\\$/g, '\u0000')
    .replace(/\$\$([^$]*)\$\$|\$([^$]*)\$/g, (whole, display: string | undefined, inline: string | undefined) =>
      // Kept as a mark until the commands are read: `$\\Lambda$CDM` is `ΛCDM`, not a command `\\LambdaCDM`.
      display !== undefined || /[\\^_{}]/.test(inline!) ? `\u0001${(display ?? inline!).replace(/[\^_]/g, '')}\u0001` : whole
    )
    // `\"o`, `\"{o}`, `{\"o}`, `\v{s}`, `\c c`: a letter command needs braces or a space before its letter.
    .replace(/\\(?:(["'`^~=.])\s*|([uvHckr])\s+(?=[a-zA-Z])|([uvHckr])\s*(?=\{))(?:\{\s*(\\?[a-zA-Z])\s*\}|(\\?[a-zA-Z]))/g, (_, mark: string | undefined, spaced: string | undefined, braced: string | undefined, inBraces: string | undefined, bare: string | undefined) => {
      const letter = (inBraces ?? bare)!
      return `${letter === '\\i' ? 'i' : letter === '\\j' ? 'j' : letter}${accents[(mark ?? spaced ?? braced)!]!}`
    })
    .replace(/\\([%&#_])/g, '$1')
    .replace(fonts, '')
    .replace(/\\([a-zA-Z]+)( ?)/g, (_, name: string, space: string) => letters[name] ?? `${symbols[name] ?? name}${space}`)
    // Spacing commands, groups.
    .replace(/\\[,;:! ]/g, ' ')
    .replace(/\\?[{}]/g, '')
    .replace(/\u0001/g, '')
    .replace(/\u0000/g, '$')
  return collapse(text.normalize('NFC'))
}
