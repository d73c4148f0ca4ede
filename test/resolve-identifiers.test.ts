// Which cited URLs and strings name a DOI, an arXiv paper or a PubMed record, and in what normal form.

import {describe, expect, it} from 'vitest'
import {arxivOfDoi, findDoi, identify, sameWork, type Doi} from '../src/resolve/identifiers.js'

const doi = (display: string) => ({kind: 'doi', doi: display.toLowerCase(), display})

describe('identify: DOIs', () => {
  it.each([
    ['a doi.org URL', 'https://doi.org/10.1038/nature12373', '10.1038/nature12373'],
    ['a dx.doi.org URL over http', 'http://dx.doi.org/10.1038/nature12373', '10.1038/nature12373'],
    ['a www.doi.org URL', 'https://www.doi.org/10.5555/12345678', '10.5555/12345678'],
    ['`doi:` text', 'doi:10.1000/182', '10.1000/182'],
    ['`DOI: ` text with a space', 'DOI: 10.1000/182', '10.1000/182'],
    ['`DOI` text without a colon', 'DOI 10.1000/182', '10.1000/182'],
    ['an OpenURL `info:doi/`', 'info:doi/10.1000/182', '10.1000/182'],
    ['a bare DOI', '10.1371/journal.pone.0123456', '10.1371/journal.pone.0123456'],
    ['doi.org without a scheme', 'doi.org/10.1038/nature12373', '10.1038/nature12373'],
    ['a registrant with a sub-part', 'https://doi.org/10.1000.10/123456', '10.1000.10/123456'],
    ['balanced parentheses (Lancet)', 'https://doi.org/10.1016/S0140-6736(20)30183-5', '10.1016/S0140-6736(20)30183-5'],
    ['a trailing period', 'https://doi.org/10.1038/nature12373.', '10.1038/nature12373'],
    ['a closing parenthesis from the prose', 'https://doi.org/10.1016/S0140-6736(20)30183-5)', '10.1016/S0140-6736(20)30183-5'],
    ['a wrapping parenthesis and a comma', '(doi:10.1000/182),', '10.1000/182'],
    ['percent-encoding', 'https://doi.org/10.1002%2F%28SICI%291097-4636%28199702%2934%3A2%3C197%3A%3AAID-JBM8%3E3.0.CO%3B2-K', '10.1002/(SICI)1097-4636(199702)34:2<197::AID-JBM8>3.0.CO;2-K'],
    ['a SICI DOI as the URL parser escapes it', 'https://doi.org/10.1002/(SICI)1097-4636(199702)34:2<197::AID-JBM8>3.0.CO;2-K', '10.1002/(SICI)1097-4636(199702)34:2<197::AID-JBM8>3.0.CO;2-K'],
    ['a DOI with a query string after it', 'https://doi.org/10.1038/nature12373?via=ihub', '10.1038/nature12373']
  ])('reads %s', (_, input, display) => {
    expect(identify(input)).toEqual(doi(display))
  })

  it('compares case-insensitively but keeps the case as written for display', () => {
    expect(identify('https://doi.org/10.1056/NEJMoa2001017')).toEqual({kind: 'doi', doi: '10.1056/nejmoa2001017', display: '10.1056/NEJMoa2001017'})
  })

  it.each([
    ['Wiley', 'https://onlinelibrary.wiley.com/doi/10.1002/anie.201915678', '10.1002/anie.201915678'],
    ['Wiley, view before the DOI', 'https://onlinelibrary.wiley.com/doi/full/10.1002/anie.201915678', '10.1002/anie.201915678'],
    ['old Wiley, view after the DOI', 'https://onlinelibrary.wiley.com/doi/10.1111/j.1365-2958.2006.05172.x/abstract', '10.1111/j.1365-2958.2006.05172.x'],
    ['PLOS', 'https://journals.plos.org/plosone/article?id=10.1371/journal.pone.0123456', '10.1371/journal.pone.0123456'],
    ['Springer', 'https://link.springer.com/article/10.1007/s00134-020-06294-x', '10.1007/s00134-020-06294-x'],
    ['Springer chapter', 'https://link.springer.com/chapter/10.1007/978-3-030-58452-8_13', '10.1007/978-3-030-58452-8_13'],
    ['Springer PDF', 'https://link.springer.com/content/pdf/10.1007/s00134-020-06294-x.pdf', '10.1007/s00134-020-06294-x'],
    ['ACM', 'https://dl.acm.org/doi/10.1145/3292500.3330701', '10.1145/3292500.3330701'],
    ['ACM PDF', 'https://dl.acm.org/doi/pdf/10.1145/3292500.3330701', '10.1145/3292500.3330701'],
    ['Taylor & Francis', 'https://www.tandfonline.com/doi/full/10.1080/01621459.2017.1285773?scroll=top', '10.1080/01621459.2017.1285773'],
    ['SAGE', 'https://journals.sagepub.com/doi/10.1177/0956797611417632', '10.1177/0956797611417632'],
    ['ACS', 'https://pubs.acs.org/doi/10.1021/acs.jmedchem.0c00123', '10.1021/acs.jmedchem.0c00123'],
    ['Science', 'https://www.science.org/doi/10.1126/science.abb3221', '10.1126/science.abb3221'],
    ['NEJM', 'https://www.nejm.org/doi/full/10.1056/NEJMoa2001017', '10.1056/NEJMoa2001017'],
    ['OUP article-lookup', 'https://academic.oup.com/nar/article-lookup/doi/10.1093/nar/gkaa892', '10.1093/nar/gkaa892'],
    ['OUP article/doi with its article number', 'https://academic.oup.com/jid/article/doi/10.1093/infdis/jiaa123/5812345', '10.1093/infdis/jiaa123'],
    ['bioRxiv with version and view', 'https://www.biorxiv.org/content/10.1101/2020.03.01.123456v1.full.pdf', '10.1101/2020.03.01.123456'],
    ['Frontiers', 'https://www.frontiersin.org/articles/10.3389/fpsyg.2020.01234/full', '10.3389/fpsyg.2020.01234'],
    ['APS', 'https://journals.aps.org/prl/abstract/10.1103/PhysRevLett.116.061102', '10.1103/PhysRevLett.116.061102'],
    ['publisher URL with a trailing slash', 'https://dl.acm.org/doi/10.1145/3442188.3445922/', '10.1145/3442188.3445922'],
    ['supplement file (Atypon)', 'https://www.science.org/doi/suppl/10.1126/science.abf4063/suppl_file/abf4063_sm.pdf', '10.1126/science.abf4063'],
    ['Wiley view with a trailing slash', 'https://onlinelibrary.wiley.com/doi/10.1002/anie.201915678/full/', '10.1002/anie.201915678'],
    ['Emerald', 'https://www.emerald.com/insight/content/doi/10.1108/JD-01-2020-0001/full/html', '10.1108/JD-01-2020-0001'],
    ['De Gruyter', 'https://www.degruyter.com/document/doi/10.1515/9783110123456/html', '10.1515/9783110123456'],
    ['Springer figure', 'https://link.springer.com/article/10.1007/s00134-020-05985-9/figures/1', '10.1007/s00134-020-05985-9'],
    ['Taylor & Francis figure', 'https://www.tandfonline.com/doi/full/10.1080/01621459.2017.1285773/figure/1', '10.1080/01621459.2017.1285773']
  ])('finds the DOI in a %s URL', (_, input, display) => {
    expect(identify(input)).toEqual(doi(display))
  })

  it.each([
    ['a Nature article URL (no DOI in it)', 'https://www.nature.com/articles/s41586-020-2012-7'],
    ['an OUP URL without a DOI', 'https://academic.oup.com/nar/article/49/D1/D10/6018440'],
    ['an OUP URL whose DOI end is ambiguous', 'https://academic.oup.com/cid/article/doi/10.1086/650538/330457'],
    ['a ScienceDirect PII URL', 'https://www.sciencedirect.com/science/article/pii/S0140673620301835'],
    ['an ACM id under Crossref’s test prefix, registered nowhere', 'https://dl.acm.org/doi/10.5555/3295222.3295349'],
    ['a CiteSeerX pseudo-DOI (one-digit registrant)', 'https://citeseerx.ist.psu.edu/viewdoc/summary?doi=10.1.1.31.1768'],
    ['a registrant of three digits', '10.123/abc'],
    ['a DOI without suffix', 'https://doi.org/10.1038/'],
    ['doi.org itself', 'https://doi.org/'],
    ['a plain web page', 'https://example.com/blog/post'],
    ['an ordinary number', '10.5'],
    ['an empty string', ''],
    ['a malformed URL', 'https://']
  ])('finds nothing in %s', (_, input) => {
    expect(identify(input)).toBeUndefined()
  })
})

describe('identify: a DOI followed by a long run of closing brackets', () => {
  // Each closer trimmed counted the brackets of the whole text again: 50,000 took a minute.
  it('drops them at once, keeping the balanced ones inside', () => {
    expect(identify(`https://doi.org/10.1016/S0140-6736(20)30183-5${')'.repeat(100_000)}`)).toMatchObject({kind: 'doi', doi: '10.1016/s0140-6736(20)30183-5'})
  })
})

describe('identify: arXiv', () => {
  it.each([
    ['an abs URL', 'https://arxiv.org/abs/1706.03762', {id: '1706.03762'}],
    ['a versioned abs URL', 'https://arxiv.org/abs/2509.21361v2', {id: '2509.21361', version: 2}],
    ['a PDF URL with .pdf', 'https://arxiv.org/pdf/2509.21361v2.pdf', {id: '2509.21361', version: 2}],
    ['a PDF URL without .pdf', 'http://arxiv.org/pdf/1706.03762', {id: '1706.03762'}],
    ['an HTML URL', 'https://arxiv.org/html/2509.21361v2/', {id: '2509.21361', version: 2}],
    ['a four-digit number (2007–2014)', 'https://arxiv.org/abs/0704.0001', {id: '0704.0001'}],
    ['an old-style id', 'https://arxiv.org/abs/hep-th/9901001', {id: 'hep-th/9901001'}],
    ['an old-style versioned PDF', 'https://arxiv.org/pdf/hep-th/9901001v3.pdf', {id: 'hep-th/9901001', version: 3}],
    ['an old-style id with a subject class', 'https://arxiv.org/abs/math.GT/0309136', {id: 'math/0309136'}],
    ['export.arxiv.org', 'http://export.arxiv.org/abs/1706.03762v5', {id: '1706.03762', version: 5}],
    ['`arXiv:` text', 'arXiv:2509.21361v2', {id: '2509.21361', version: 2}],
    ['`arXiv:` old-style text', 'arXiv:hep-th/9901001', {id: 'hep-th/9901001'}],
    ['`arXiv` text without a colon', 'arXiv 1706.03762v2', {id: '1706.03762', version: 2}],
    ['a URL followed by a period', 'https://arxiv.org/abs/1706.03762.', {id: '1706.03762'}]
  ])('reads %s', (_, input, expected) => {
    expect(identify(input)).toEqual({kind: 'arxiv', ...expected})
  })

  it.each([
    ['a month 13', 'https://arxiv.org/abs/1713.03762'],
    ['the listing pages', 'https://arxiv.org/list/cs.CL/recent'],
    ['three digits after the dot', 'arXiv:1706.037'],
    ['version 0', 'arXiv:1706.03762v0']
  ])('finds nothing in %s', (_, input) => {
    expect(identify(input)).toBeUndefined()
  })
})

describe('arxivOfDoi', () => {
  it.each([
    ['10.48550/arXiv.2101.00001', {kind: 'arxiv', id: '2101.00001'}],
    ['10.48550/ARXIV.HEP-TH/9901001', {kind: 'arxiv', id: 'hep-th/9901001'}],
    ['10.48550/arXiv.1713.00001', undefined],
    // arXiv registers no DOI for a version: such a DOI is asked of doi.org, which knows none.
    ['10.48550/arXiv.2101.00001v2', undefined],
    ['10.1038/nature12373', undefined]
  ])('reads the DOI %s as the arXiv paper %j', (display, expected) => {
    expect(arxivOfDoi(doi(display) as Doi)).toEqual(expected)
  })
})

describe('sameWork', () => {
  it.each([
    ['one DOI in two cases', 'DOI: 10.1038/NATURE12373', 'https://doi.org/10.1038/nature12373', true],
    ['another DOI', 'DOI: 10.1038/nature12374', 'https://doi.org/10.1038/nature12373', false],
    ['an arXiv id and its DOI', 'arXiv:1706.03762', 'https://doi.org/10.48550/arXiv.1706.03762', true],
    ['another version of one paper', 'arXiv:1706.03762v2', 'https://arxiv.org/abs/1706.03762v5', true],
    ['another arXiv paper', 'arXiv:1706.03763', 'https://arxiv.org/abs/1706.03762', false],
    ['a PubMed id and a DOI (only a registry knows)', 'PMID 31978945', 'https://doi.org/10.1056/NEJMoa2001017', undefined]
  ])('%s', (_, label, url, same) => {
    expect(sameWork(identify(label)!, identify(url)!)).toBe(same)
  })
})

describe('identify: PubMed', () => {
  it.each([
    ['pubmed.ncbi.nlm.nih.gov', 'https://pubmed.ncbi.nlm.nih.gov/31978945/', '31978945'],
    ['without the trailing slash', 'https://pubmed.ncbi.nlm.nih.gov/31978945', '31978945'],
    ['the legacy ncbi.nlm.nih.gov/pubmed path', 'https://www.ncbi.nlm.nih.gov/pubmed/9500320', '9500320'],
    ['`PMID:` text', 'PMID: 9500320', '9500320'],
    ['`pmid` text with leading zeros', 'pmid 009500320', '9500320'],
    ['a Europe PMC record of a PubMed article', 'https://europepmc.org/article/MED/31978945', '31978945'],
    ['a Europe PMC abstract', 'https://europepmc.org/abstract/MED/9500320/', '9500320']
  ])('reads %s', (_, input, pmid) => {
    expect(identify(input)).toEqual({kind: 'pmid', pmid})
  })

  it.each([
    ['a PubMed search', 'https://pubmed.ncbi.nlm.nih.gov/?term=covid'],
    ['PMID zero', 'PMID: 0']
  ])('finds nothing in %s', (_, input) => {
    expect(identify(input)).toBeUndefined()
  })
})

describe('identify: PubMed Central', () => {
  it.each([
    ['an article on ncbi.nlm.nih.gov/pmc', 'https://www.ncbi.nlm.nih.gov/pmc/articles/PMC7092803/', '7092803'],
    ['its PDF', 'https://www.ncbi.nlm.nih.gov/pmc/articles/PMC3531190/pdf/gks1195.pdf', '3531190'],
    ['the pmc.ncbi.nlm.nih.gov host (since 2024)', 'https://pmc.ncbi.nlm.nih.gov/articles/PMC7092803', '7092803'],
    ['Europe PMC', 'https://europepmc.org/article/PMC/PMC7092803', '7092803'],
    ['Europe PMC’s short form', 'https://europepmc.org/articles/pmc7092803/', '7092803'],
    ['`PMCID:` text', 'PMCID: PMC7092803', '7092803'],
    ['a bare PMC id', 'PMC0007092803', '7092803']
  ])('reads %s', (_, input, pmcid) => {
    expect(identify(input)).toEqual({kind: 'pmcid', pmcid})
  })

  it.each([
    ['the PMC home page', 'https://pmc.ncbi.nlm.nih.gov/'],
    ['a PMC search', 'https://www.ncbi.nlm.nih.gov/pmc/?term=covid'],
    ['PMC without a number', 'PMCID: PMC'],
    ['PMC zero', 'PMC0']
  ])('finds nothing in %s', (_, input) => {
    expect(identify(input)).toBeUndefined()
  })
})

describe('findDoi', () => {
  it('finds a DOI in running text and drops the sentence’s period', () => {
    expect(findDoi('N Engl J Med. 2005 Feb 3;352(5):512-5. doi: 10.1056/NEJM200502033520519.')).toEqual(doi('10.1056/NEJM200502033520519'))
  })

  it('finds nothing in text without one', () => {
    expect(findDoi('Lancet. 2010 Feb 6;375(9713):445')).toBeUndefined()
  })
})
