import ErrorMessage from '../../components/ErrorMessage';

/** Shown when a page throws or its code cannot be loaded (e.g. a new deploy removed the chunk). */
export default function RouteError({ error }: { error: unknown }) {
  const message = error instanceof Error ? error.message : 'Unexpected error';
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="sr-only">Error</h1>
      <ErrorMessage title="This page could not be shown" message={message} onRetry={() => window.location.reload()} />
    </div>
  );
}
