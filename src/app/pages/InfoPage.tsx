import { Link, useLocation } from 'react-router-dom';
import ErrorMessage from '../../components/ErrorMessage';
import Spinner from '../../components/Spinner';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useShopContact, type SettingsState } from '../../features/settings/settingsAPI';
import { HELP_PAGE, INFO_PAGE_GROUPS, INFO_PAGES, namesContact, withContact, type InfoSection } from './infoPages';

const linkClass = 'font-semibold text-brand-700 underline-offset-2 hover:text-brand-600 hover:underline';

/**
 * The footer's pages (infoPages.ts), keyed by path, with the shop's contact details as its
 * settings hold them; the original design's other footer routes (/aiplatform, /blog, …) open the
 * help page.
 */
export default function InfoPage() {
  const { pathname } = useLocation();
  const page = INFO_PAGES.find((entry) => entry.path === pathname);
  const title = page?.title ?? HELP_PAGE.title;
  useDocumentTitle(title);
  const contact = useShopContact();
  const needsContact = page?.sections.some((section) => section.paragraphs.some(namesContact)) ?? false;
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-gray-900">{title}</h1>
      <p className="mt-3 text-lg text-gray-600">{page?.summary ?? HELP_PAGE.summary}</p>
      {needsContact && contact.status === 'failed' && (
        <ErrorMessage className="mt-6" title="The shop's contact details could not be loaded" message={contact.message} onRetry={contact.retry} />
      )}
      {page ? (
        page.sections.map((section) => <Section key={section.heading} section={section} contact={contact} />)
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

/** A section; a paragraph naming a contact detail waits for the settings (and is left out if they failed). */
function Section({ section, contact }: { section: InfoSection; contact: SettingsState }) {
  return (
    <section className="mt-8">
      <h2 className="text-xl font-semibold text-gray-900">{section.heading}</h2>
      {section.paragraphs.map((text) => {
        if (!namesContact(text)) return <Paragraph key={text} text={text} />;
        if (contact.status === 'ready') return <Paragraph key={text} text={withContact(text, contact.contact)} />;
        return contact.status === 'loading' ? <Spinner key={text} label="Loading the shop's contact details…" className="mt-3" /> : null;
      })}
    </section>
  );
}

function Paragraph({ text }: { text: string }) {
  return <p className="mt-3 text-base leading-7 text-gray-700">{text}</p>;
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
