import { ChevronLeftIcon, ChevronRightIcon } from '@heroicons/react/20/solid';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

interface PaginationProps {
  page: number;
  totalItems: number;
  /** The total is the server's estimate (X-Total-Count-Estimated): 'of about Z results'. */
  estimated?: boolean;
  pageSize: number;
  /** Pages as buttons… */
  setPage?: (page: number) => void;
  /** …or as links (preferred when the page lives in the URL). */
  hrefFor?: (page: number) => string;
  className?: string;
}

export function pageCount(totalItems: number, pageSize: number): number {
  return Math.max(0, Math.ceil(totalItems / pageSize));
}

/** The page numbers to show: all when few, else first, last and the current neighbourhood. */
function pageWindow(page: number, pages: number): (number | 'gap')[] {
  if (pages <= 7) return Array.from({ length: pages }, (_, i) => i + 1);
  const around = [page - 1, page, page + 1].filter((p) => p > 1 && p < pages);
  const result: (number | 'gap')[] = [1];
  if (around[0] > 2) result.push('gap');
  result.push(...around);
  if (around[around.length - 1] < pages - 1) result.push('gap');
  result.push(pages);
  return result;
}

const base =
  'relative inline-flex items-center text-sm font-semibold focus-visible:z-20 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/** 'Showing X to Y of Z results', Previous/Next and numbered pages. */
export default function Pagination({ page, totalItems, estimated, pageSize, setPage, hrefFor, className = '' }: PaginationProps) {
  const pages = pageCount(totalItems, pageSize);
  if (totalItems <= 0) return null;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, totalItems);

  function control(target: number, children: ReactNode, className: string, extra: { label?: string; current?: boolean } = {}) {
    const disabled = target < 1 || target > pages;
    if (disabled || extra.current) {
      return (
        <span
          aria-current={extra.current ? 'page' : undefined}
          aria-disabled={disabled || undefined}
          className={`${base} ${className} ${extra.current ? 'z-10 bg-brand-600 text-white' : 'cursor-not-allowed text-gray-400'}`}
        >
          {children}
        </span>
      );
    }
    const look = `${base} ${className} text-gray-900 hover:bg-gray-50`;
    if (hrefFor) {
      return (
        <Link to={hrefFor(target)} aria-label={extra.label} className={look}>
          {children}
        </Link>
      );
    }
    return (
      <button type="button" onClick={() => setPage?.(target)} aria-label={extra.label} className={look}>
        {children}
      </button>
    );
  }

  const ring = 'px-3 py-2 ring-1 ring-gray-300 ring-inset';
  return (
    <div className={`flex flex-col gap-3 border-t border-gray-200 bg-white py-3 sm:flex-row sm:items-center sm:justify-between ${className}`}>
      <p className="text-sm text-gray-700">
        Showing <span className="font-medium">{first}</span> to <span className="font-medium">{last}</span> of{' '}
        {estimated && 'about '}
        <span className="font-medium">{totalItems}</span> results
      </p>
      <nav aria-label="Pagination" className="isolate inline-flex flex-wrap -space-x-px rounded-md shadow-sm">
        {control(
          page - 1,
          <>
            <ChevronLeftIcon aria-hidden="true" className="size-5" />
            <span>Previous</span>
          </>,
          `${ring} gap-1 rounded-l-md`,
        )}
        {pageWindow(page, pages).map((p, i) =>
          p === 'gap' ? (
            <span key={`gap-${i}`} className={`${base} ${ring} text-gray-700`}>
              …
            </span>
          ) : (
            <span key={p} className="contents">
              {control(p, p, `${ring} ${p === page ? '' : 'hidden sm:inline-flex'}`, {
                label: `Page ${p}`,
                current: p === page,
              })}
            </span>
          ),
        )}
        {control(
          page + 1,
          <>
            <span>Next</span>
            <ChevronRightIcon aria-hidden="true" className="size-5" />
          </>,
          `${ring} gap-1 rounded-r-md`,
        )}
      </nav>
    </div>
  );
}
