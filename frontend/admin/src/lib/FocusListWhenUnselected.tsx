import { useEffect, useRef } from 'react';
import { useListContext } from 'react-admin';
import { listTableOf, returnFocus } from './returnFocus';

/**
 * Put among a Datagrid's bulk action buttons. Their toolbar is hidden while no row is selected
 * (`hiddenBulkActions.ts`), so the button that had focus when the selection was cleared (the
 * toolbar's Unselect, a bulk action once it has run) is hidden with it and the browser would
 * leave focus nowhere. When the selection empties with focus in the toolbar (or nowhere), focus
 * goes to the list's table. A selection cleared from a row's checkbox leaves focus there.
 */
export function FocusListWhenUnselected() {
  const { selectedIds } = useListContext();
  const marker = useRef<HTMLSpanElement>(null);
  const selected = useRef(selectedIds.length);
  useEffect(() => {
    const before = selected.current;
    selected.current = selectedIds.length;
    if (before === 0 || selectedIds.length > 0) return;
    const toolbar = marker.current?.closest('.RaBulkActionsToolbar-toolbar');
    const active = document.activeElement;
    if (active === document.body || (toolbar && active && toolbar.contains(active)))
      returnFocus(null, listTableOf(marker.current));
  }, [selectedIds.length]);
  return <span ref={marker} hidden />;
}
