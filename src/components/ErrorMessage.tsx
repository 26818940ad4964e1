import { ExclamationTriangleIcon } from '@heroicons/react/20/solid';

interface ErrorMessageProps {
  message: string;
  title?: string;
  /** Shown as a 'Try again' button when given. */
  onRetry?: () => void;
  className?: string;
}

export default function ErrorMessage({ message, title = 'Something went wrong', onRetry, className = '' }: ErrorMessageProps) {
  return (
    <div role="alert" className={`rounded-md bg-red-50 p-4 ${className}`}>
      <div className="flex gap-3">
        <ExclamationTriangleIcon aria-hidden="true" className="size-5 shrink-0 text-red-600" />
        <div className="text-sm">
          <p className="font-medium text-red-800">{title}</p>
          <p className="mt-1 whitespace-pre-line text-red-700">{message}</p>
          {onRetry && (
            <button
              type="button"
              onClick={onRetry}
              className="mt-3 rounded-md bg-white px-3 py-1.5 text-sm font-semibold text-red-800 shadow-sm ring-1 ring-red-300 ring-inset hover:bg-red-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
            >
              Try again
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
