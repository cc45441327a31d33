/**
 * A banner across the top of every screen while the station's database does not answer
 * (GET /health/ready is a 503): the desk knows why its work is refused, and sees the
 * banner go once the database is back.
 */
import { useEffect, useState } from 'react';
import { api, ApiProblem } from '../api';

/** Often enough that an operator sees it before the next scan; a check is one small query. */
const CHECK_EVERY_MS = 3000;

export function StoreBanner() {
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = async () => {
      try {
        await api.getReadiness();
        if (!stopped) setProblem(null);
      } catch (error) {
        // Only the store's own 503 is news here; a station that is not reachable at all is another matter.
        if (!stopped && error instanceof ApiProblem && error.status === 503) setProblem(error.detail);
      }
      if (!stopped) timer = setTimeout(() => void check(), CHECK_EVERY_MS);
    };
    void check();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, []);
  if (problem === null) return null;
  return (
    <div className="store-banner" role="alert" data-testid="store-banner">
      <strong>The station’s database is not answering.</strong> Nothing can be saved until it is back; this banner goes
      by itself when it is. <span className="store-banner-detail">{problem}</span>
    </div>
  );
}
