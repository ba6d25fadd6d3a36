import { useCallback, useEffect, useRef, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { AdminDataProvider } from '../dataProvider';

/** GET an admin path now and every `intervalMs` while mounted; keeps the last good answer. */
export function usePoll<T>(path: string, intervalMs: number) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const alive = useRef(true);
  const load = useCallback(async () => {
    try {
      const value = await dataProvider.getJson<T>(path);
      if (alive.current) {
        setData(value);
        setError(null);
      }
    } catch (e) {
      if (alive.current) setError(e as Error);
    }
  }, [dataProvider, path]);
  useEffect(() => {
    alive.current = true;
    void load();
    const id = window.setInterval(() => void load(), intervalMs);
    return () => {
      alive.current = false;
      window.clearInterval(id);
    };
  }, [load, intervalMs]);
  return { data, error, reload: load };
}
