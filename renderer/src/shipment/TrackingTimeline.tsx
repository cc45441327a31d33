/** The status history of a shipment, newest first, as an ordered timeline. */
import type { TrackingStatus } from '../../../main/core/schemas';
import { StatusChip } from '../components/StatusChip';
import { formatDateTime } from '../lib/format';
import { statusTone } from '../lib/statuses';

export function TrackingTimeline({ history, showUser = true }: { history: TrackingStatus[]; showUser?: boolean }) {
  const newestFirst = [...history].reverse();
  if (newestFirst.length === 0) return <p className="muted">No events yet.</p>;
  return (
    <ol className="timeline" aria-label="Status history, newest first">
      {newestFirst.map((event, index) => (
        <li key={`${event.occurredOn}-${index}`} className={`timeline-item tone-${statusTone(event.status)}`}>
          <span className="timeline-dot" aria-hidden="true" />
          <div className="timeline-main">
            <div className="timeline-head">
              <StatusChip status={event.status} />
              <time dateTime={event.occurredOn} className="timeline-time">
                {formatDateTime(event.occurredOn)}
              </time>
            </div>
            {event.description ? <p className="timeline-text">{event.description}</p> : null}
            <p className="timeline-meta">
              {[
                event.location && `at ${event.location}`,
                event.signatory && `signed by ${event.signatory}`,
                event.trackingNumber && `piece ${event.trackingNumber}`,
                showUser && event.user && `by ${event.user}`,
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}
