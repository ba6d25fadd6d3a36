import { startTransition, useEffect, useState } from 'react';

/** Rows mounted in the first pass, and added by each later one. */
const STEP = 10;

/**
 * A page's rows a few at a time: the first STEP with the page, the others in transitions right
 * after. Mounting a page of 50 rows of MUI components is one commit that React cannot cut: on a
 * phone, one long task. The rows are the same, only later. Once every row of a page was shown,
 * the next pages come whole.
 */
export function useProgressiveRows<T>(rows: T[] | undefined): T[] | undefined {
  const total = rows?.length ?? 0;
  const [shown, setShown] = useState(STEP);
  useEffect(() => {
    if (shown < total) startTransition(() => setShown((n) => n + STEP));
  }, [shown, total]);
  return shown < total ? rows?.slice(0, shown) : rows;
}
