import { Link } from 'react-router-dom';
import { INFO_LINK_GROUPS } from '../pages/infoLinks';

export default function Footer() {
  return (
    <footer className="mt-16 bg-gray-900" aria-labelledby="footer-heading">
      <h2 id="footer-heading" className="sr-only">
        Footer
      </h2>
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <div className="grid grid-cols-1 gap-8 sm:grid-cols-3">
          {INFO_LINK_GROUPS.map((group) => (
            <div key={group.heading}>
              <h3 className="text-sm font-semibold text-white">{group.heading}</h3>
              <ul className="mt-4 space-y-3">
                {group.pages.map((page) => (
                  <li key={page.path}>
                    <Link to={page.path} className="text-sm text-gray-300 hover:text-white">
                      {page.title}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
        <p className="mt-10 border-t border-white/10 pt-6 text-xs text-gray-400">
          &copy; {new Date().getFullYear()} Best Buy Shop.{' '}
          <Link to="/contactus" className="text-gray-300 underline underline-offset-2 hover:text-white">
            How to reach us
          </Link>
        </p>
      </div>
    </footer>
  );
}
