// json-server 0.17 ships no types; only the router factory is used, as the reference the
// catalogue's answers are compared with (tests/api/catalogue/catalogue.test.ts).
declare module 'json-server' {
  import type { RequestHandler, Request, Response } from 'express';

  interface JsonServerRouter extends RequestHandler {
    render: (req: Request, res: Response) => void;
    db: unknown;
  }

  const jsonServer: {
    router(db: unknown, options?: { foreignKeySuffix?: string }): JsonServerRouter;
  };
  export default jsonServer;
}
