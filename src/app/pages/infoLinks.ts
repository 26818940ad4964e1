// The footer's links (on every page, so in the first load): what a shopper looks for (shipping,
// returns, contact, about, terms, privacy), and the original design's other footer routes (/aiplatform,
// /blog, …), which open the help page. The pages' texts are in infoPages.ts, loaded with the page.
export interface InfoLink {
  path: string;
  title: string;
}

export const INFO_LINK_GROUPS: { heading: string; pages: InfoLink[] }[] = [
  {
    heading: 'Customer service',
    pages: [
      { path: '/shipping', title: 'Shipping and delivery' },
      { path: '/returns', title: 'Returns and refunds' },
      { path: '/contactus', title: 'Contact us' },
    ],
  },
  {
    heading: 'About the shop',
    pages: [
      { path: '/aboutus', title: 'About us' },
      { path: '/careers', title: 'Careers' },
    ],
  },
  {
    heading: 'Legal',
    pages: [
      { path: '/terms', title: 'Terms of sale' },
      { path: '/privacy', title: 'Privacy' },
    ],
  },
];

/** The original design's footer routes this shop has nothing under: they open the help page. */
export const HELP_PATHS = [
  '/aiplatform',
  '/aialgorithms',
  '/industryapplications',
  '/predictiveanalysis',
  '/customerexperience',
  '/automation',
  '/blog',
  '/casestudies',
];

/** Every path that opens an info page: the shop's pages and the help page's. */
export const INFO_PATHS = [...INFO_LINK_GROUPS.flatMap((group) => group.pages.map((page) => page.path)), ...HELP_PATHS];
