import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import ErrorMessage from '../../components/ErrorMessage';

/** Shown when a page throws or its code cannot be loaded (e.g. a new deploy removed the chunk). */
export default function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unexpected error';
  return (
    <main className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="sr-only">Error</h1>
      <ErrorMessage title="This page could not be shown" message={message} onRetry={() => window.location.reload()} />
    </main>
  );
}
