import type { OrderEvent } from '../domain/types';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const local = (at: string) => when.format(new Date(at));

interface OrderTimelineProps {
  history: OrderEvent[];
  /** Who made a change, as this reader calls them ('by you' / 'by the shop', or 'shopper' / 'admin'). */
  who: (by: OrderEvent['by']) => string;
  /** How this reader's page writes a time: the back office in UTC; by default the reader's own clock. */
  time?: (at: string) => string;
  className?: string;
}

/** An order's statuses, oldest first: each with its date and time and who set it. */
export default function OrderTimeline({ history, who, time = local, className = '' }: OrderTimelineProps) {
  return (
    <ol aria-label="Status history" className={`space-y-2 border-l-2 border-gray-200 pl-4 text-sm ${className}`}>
      {history.map((event, index) => (
        <li key={index} className="relative">
          <span aria-hidden="true" className="absolute top-1.5 -left-[1.3rem] size-2 rounded-full bg-brand-600" />
          <span className="font-medium text-gray-900 capitalize">{event.status}</span>
          <span className="text-gray-700">
            {' · '}
            <time dateTime={event.at}>{time(event.at)}</time>
            {` · ${who(event.by)}`}
          </span>
        </li>
      ))}
    </ol>
  );
}
