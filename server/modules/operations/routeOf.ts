// The route a request was meant for when none answered it: a request refused before its route ran
// (401 from a router's sign-in check, 400 from the body parser, 503 from the session lookup while
// the database is away) is labelled in the request log and the metrics by the route pattern it
// would have reached, not `unmatched`, so an outage shows which routes fail. It walks the app's
// router as Express 4 matches it (its layers' `match` and routes' `_handles_method`: internals of
// Express 4, whose version package.json pins), only for such requests.
import type { Application, Request } from 'express';

/**
 * A route's path as a label: as written (`/:id`), or for one written as a regular expression, its
 * source without anchors and optional trailing slash, each capture as `:id` (the only one) or
 * `:0`, `:1` … (Express's req.params keys): /^\/products\/([^/]+)\/?$/ is `/products/:id`.
 */
export function routePath(path: unknown): string {
  if (Array.isArray(path)) return path.map(routePath).join(',');
  if (!(path instanceof RegExp)) return String(path ?? '');
  const source = path.source.replace(/^\^/, '').replace(/(?:\\\/\?)?\$$/, '').replace(/\\\//g, '/');
  const captures = source.match(/\((?!\?)[^)]*\)/g) ?? [];
  let n = 0;
  return source.replace(/\((?!\?)[^)]*\)/g, () => (captures.length === 1 ? ':id' : `:${n++}`));
}

interface Layer {
  match(path: string): boolean;
  path?: string;
  route?: { path?: unknown; _handles_method(method: string): boolean };
  handle?: { stack?: Layer[] };
}

/** The first route of `stack` that `method` `path` reaches, as `prefix` + its pattern. */
function find(stack: Layer[], method: string, path: string, prefix: string): string | undefined {
  for (const layer of stack) {
    if (!layer.match(path)) continue;
    if (layer.route) {
      if (!layer.route._handles_method(method)) continue;
      const pattern = routePath(layer.route.path);
      return prefix && pattern === '/' ? prefix : `${prefix}${pattern}`;
    }
    const inner = layer.handle?.stack;
    if (!inner) continue;
    // A router mounted at layer.path ('' at the root): the rest of the path is its own.
    const mount = layer.path ?? '';
    const found = find(inner, method, path.slice(mount.length) || '/', `${prefix}${mount}`);
    if (found) return found;
  }
  return undefined;
}

/** The route pattern `req` would have reached in `app`, or undefined when none matches (a 404). */
export function routeOf(app: Application, req: Pick<Request, 'method' | 'originalUrl'>): string | undefined {
  const stack = (app as unknown as { _router?: { stack?: Layer[] } })._router?.stack;
  if (!stack) return undefined;
  const path = req.originalUrl.split('?')[0];
  try {
    return find(stack, req.method, path, '');
  } catch {
    return undefined;
  }
}
