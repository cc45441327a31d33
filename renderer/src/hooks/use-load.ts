/**
 * Loads data for a screen. `key` names what is loaded (an id, the list filters): when it
 * changes the data is fetched again; until then the last data stays on screen, so paging
 * does not flash. `reload()` fetches the same key again.
 */
import { useCallback, useEffect, useEffectEvent, useState } from 'react';

export interface Loaded<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

interface LoadState<T> {
  key: string;
  data: T | undefined;
  error: unknown;
}

export function useLoad<T>(key: string | null, load: () => Promise<T>): Loaded<T> {
  const [version, setVersion] = useState(0);
  const [state, setState] = useState<LoadState<T>>({ key: '', data: undefined, error: undefined });
  const fullKey = key === null ? null : `${key}#${version}`;
  const run = useEffectEvent(() => load());

  useEffect(() => {
    if (fullKey === null) return;
    let live = true;
    run().then(
      (data) => live && setState({ key: fullKey, data, error: undefined }),
      (error: unknown) => live && setState((previous) => ({ key: fullKey, data: previous.data, error })),
    );
    return () => {
      live = false;
    };
  }, [fullKey]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return {
    data: state.data,
    error: state.key === fullKey ? state.error : undefined,
    loading: fullKey !== null && state.key !== fullKey,
    reload,
  };
}
