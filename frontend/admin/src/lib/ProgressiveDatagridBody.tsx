import { startTransition, useEffect, useState } from 'react';
import { DatagridBody, type DatagridBodyProps } from 'react-admin';

/** Rows mounted in the first pass, and added by each later one. */
const STEP = 10;

/**
 * react-admin's Datagrid body that mounts its rows a few at a time: the first rows with the page,
 * the others in transitions right after. Mounting a page of 50 rows of MUI cells is one commit
 * that React cannot cut: on a phone, one long task. The rows are the same, only later.
 */
export function ProgressiveDatagridBody(props: DatagridBodyProps) {
  const total = props.data?.length ?? 0;
  const [shown, setShown] = useState(STEP);
  useEffect(() => {
    if (shown < total) startTransition(() => setShown((n) => n + STEP));
  }, [shown, total]);
  return <DatagridBody {...props} data={shown < total ? props.data?.slice(0, shown) : props.data} />;
}
