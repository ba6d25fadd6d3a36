import { SaveButton, Toolbar } from 'react-admin';

/** For records that are edited, never deleted (the live calls, the academy links). */
export const SaveOnlyToolbar = () => (
  <Toolbar>
    <SaveButton />
  </Toolbar>
);
