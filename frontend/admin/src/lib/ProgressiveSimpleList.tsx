import { SimpleList, useListContext, type RaRecord, type SimpleListProps } from 'react-admin';
import { useProgressiveRows } from './progressiveRows';

/** react-admin's SimpleList (the phone's list) that mounts its rows a few at a time (useProgressiveRows). */
export function ProgressiveSimpleList<T extends RaRecord>(props: SimpleListProps<T>) {
  const { data } = useListContext<T>();
  return <SimpleList<T> {...props} data={useProgressiveRows(props.data ?? data)} />;
}
