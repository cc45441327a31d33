import { statusTone } from '../lib/statuses';

export function StatusChip({ status }: { status: string }) {
  return (
    <span className={`chip chip-${statusTone(status)}`} data-status={status} title={status}>
      <span className="chip-text">{status}</span>
    </span>
  );
}
