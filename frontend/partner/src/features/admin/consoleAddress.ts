/** Where the server sends the console's bundle (to admins only). */
export const CONSOLE_PATH = '/admin/';

/**
 * Whether this page is the partner app at the console's own address: a signed-in admin sent there
 * got the partner app because this server has no console to give (its bundle is not deployed), and
 * going there again would reload the page forever.
 */
export const consoleMissing = () => window.location.pathname === CONSOLE_PATH;
