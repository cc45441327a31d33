/** The head of a list screen (Shipments, Orders): its title, the exact total as it stands, and Refresh. */
import type { ReactNode } from 'react';

export function ListPageHeader({
  title,
  total,
  totalTestId,
  loading,
  onRefresh,
}: {
  title: string;
  /** The total line ("12 orders Awaiting"); null until the list has loaded. */
  total: ReactNode | null;
  totalTestId?: string;
  loading: boolean;
  onRefresh: () => void;
}) {
  return (
    <header className="page-header">
      <div>
        <h1>{title}</h1>
        {total !== null ? (
          <p className="page-sub tabular" aria-live="polite" data-testid={totalTestId}>
            {total}
          </p>
        ) : null}
      </div>
      <div className="toolbar-right">
        <button type="button" className="button" onClick={onRefresh} disabled={loading}>
          {loading ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
    </header>
  );
}
