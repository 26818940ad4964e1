// The answer of a bounded list of the back office or of a shopper's orders:
// X-Total-Count counts everything the query selects, and a Link header names the first, previous,
// next and last pages (as `_page` and `_limit`, relative to the site: never the request's Host),
// so a client reads a whole list by following rel="next" however long it grows.
import type { Request, Response } from 'express';
import type { Page } from '../db/port';
import { boundedPageOf } from './paging';
import { pageUrl } from '../modules/catalogue/routes';

export function sendPage<T>(req: Request, res: Response, { items, total }: Page<T>): void {
  res.setHeader('X-Total-Count', String(total));
  const { start, end } = boundedPageOf(req.query);
  const size = end - start;
  const page = Math.floor(start / size) + 1;
  const last = Math.max(1, Math.ceil(total / size));
  if (total > size || page > 1) {
    const to = (n: number) => pageUrl(req.originalUrl, { set: { _page: String(n), _limit: String(size) }, drop: ['_per_page'] });
    const header: Record<string, string> = { first: to(1) };
    if (page > 1) header.prev = to(Math.min(page - 1, last));
    if (end < total) header.next = to(page + 1);
    header.last = to(last);
    res.links(header);
  }
  res.json(items);
}
