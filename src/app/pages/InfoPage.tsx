import { Link, useLocation } from 'react-router-dom';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { HELP_PAGE, INFO_PAGE_GROUPS, INFO_PAGES } from './infoPages';

const linkClass = 'font-semibold text-brand-700 underline-offset-2 hover:text-brand-600 hover:underline';

/**
 * The footer's pages (infoPages.ts), keyed by path; the original design's other footer routes
 * (/aiplatform, /blog, …) open the help page.
 */
export default function InfoPage() {
  const { pathname } = useLocation();
  const page = INFO_PAGES.find((entry) => entry.path === pathname);
  const title = page?.title ?? HELP_PAGE.title;
  useDocumentTitle(title);
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-gray-900">{title}</h1>
      <p className="mt-3 text-lg text-gray-600">{page?.summary ?? HELP_PAGE.summary}</p>
      {page ? (
        page.sections.map((section) => (
          <section key={section.heading} className="mt-8">
            <h2 className="text-xl font-semibold text-gray-900">{section.heading}</h2>
            {section.paragraphs.map((text) => (
              <p key={text} className="mt-3 text-base leading-7 text-gray-700">
                {text}
              </p>
            ))}
          </section>
        ))
      ) : (
        <HelpIndex />
      )}
      <p className="mt-10 text-sm">
        <Link to="/" className={linkClass}>
          Back to the shop <span aria-hidden="true">&rarr;</span>
        </Link>
      </p>
    </article>
  );
}

function HelpIndex() {
  return INFO_PAGE_GROUPS.map((group) => (
    <section key={group.heading} className="mt-8">
      <h2 className="text-xl font-semibold text-gray-900">{group.heading}</h2>
      <ul className="mt-3 space-y-3">
        {group.pages.map((entry) => (
          <li key={entry.path}>
            <Link to={entry.path} className={linkClass}>
              {entry.title}
            </Link>
            <span className="block text-sm text-gray-600">{entry.summary}</span>
          </li>
        ))}
      </ul>
    </section>
  ));
}
