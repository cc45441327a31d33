import { hrefFor } from '../router/navigation';
import { shipmentsRoute } from '../router/routes';

export function NotFoundPage({ path }: { path: string }) {
  return (
    <div className="page">
      <header className="page-header">
        <h1>Nothing here</h1>
      </header>
      <p className="muted">
        No screen lives at <code>{path}</code>. <a href={hrefFor(shipmentsRoute())}>Go to the shipments</a>.
      </p>
    </div>
  );
}
