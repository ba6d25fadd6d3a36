import { DatagridBody, type DatagridBodyProps } from 'react-admin';
import { useProgressiveRows } from './progressiveRows';

/** react-admin's Datagrid body that mounts its rows a few at a time (useProgressiveRows). */
export function ProgressiveDatagridBody(props: DatagridBodyProps) {
  return <DatagridBody {...props} data={useProgressiveRows(props.data)} />;
}
