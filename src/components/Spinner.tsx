interface SpinnerProps {
  /** What is loading, for screen readers. */
  label?: string;
  className?: string;
}

/** The loading animation: an accessible status, not just a picture. */
export default function Spinner({ label = 'Loading…', className = '' }: SpinnerProps) {
  return (
    <div role="status" className={`flex items-center justify-center gap-3 py-10 ${className}`}>
      <span
        aria-hidden="true"
        className="size-10 animate-spin rounded-full border-4 border-brand-200 border-t-brand-600 motion-reduce:animate-none"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}

/** A spinner that holds the page's place, so nothing jumps when the content arrives. */
export function PageSpinner({ label }: { label?: string }) {
  return <Spinner label={label} className="min-h-[60vh]" />;
}
