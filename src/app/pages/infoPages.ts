// The footer's informational routes (SPEC §2). Their content is not specified.
export interface InfoPageEntry {
  path: string;
  title: string;
}

export const INFO_PAGE_GROUPS: { heading: string; pages: InfoPageEntry[] }[] = [
  {
    heading: 'Solutions',
    pages: [
      { path: '/aiplatform', title: 'AI Platform' },
      { path: '/aialgorithms', title: 'AI Algorithms' },
      { path: '/industryapplications', title: 'Industry Applications' },
    ],
  },
  {
    heading: 'Use cases',
    pages: [
      { path: '/predictiveanalysis', title: 'Predictive Analysis' },
      { path: '/customerexperience', title: 'Customer Experience' },
      { path: '/automation', title: 'Automation' },
    ],
  },
  {
    heading: 'Resources',
    pages: [
      { path: '/blog', title: 'Blog' },
      { path: '/casestudies', title: 'Case Studies' },
      { path: '/terms', title: 'Terms' },
      { path: '/privacy', title: 'Privacy' },
    ],
  },
  {
    heading: 'Company',
    pages: [
      { path: '/aboutus', title: 'About Us' },
      { path: '/careers', title: 'Careers' },
      { path: '/contactus', title: 'Contact Us' },
    ],
  },
];

export const INFO_PAGES: InfoPageEntry[] = INFO_PAGE_GROUPS.flatMap((group) => group.pages);
