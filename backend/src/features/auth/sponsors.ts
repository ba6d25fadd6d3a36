import type { Knex } from 'knex';

/**
 * Who a new partner may choose as sponsor: unlocked partner accounts, never an admin (neither
 * the flag nor the configured admin address). One rule for the registration list and for the
 * registration itself, so registration accepts exactly the sponsors the list could show.
 */
export function sponsorCandidates(db: Knex, adminEmail: string) {
  return db('users')
    .where({ is_locked: false, is_admin: false })
    .whereNot({ email_lower: adminEmail.toLowerCase() });
}

/** The list the registration picker shows: only what it needs (id, member id, name). */
export async function listSponsors(db: Knex, adminEmail: string) {
  const rows = await sponsorCandidates(db, adminEmail)
    .select('id', 'uid', 'first_name', 'last_name')
    .orderBy([{ column: 'first_name' }, { column: 'last_name' }, { column: 'uid' }]);
  return rows.map((r) => ({ id: r.id, uid: r.uid, firstName: r.first_name, lastName: r.last_name }));
}

/** The sponsor's id when the list could show it, else null. */
export async function acceptedSponsor(
  db: Knex,
  adminEmail: string,
  sponsorId: string,
): Promise<string | null> {
  const row = await sponsorCandidates(db, adminEmail).where({ id: sponsorId }).first('id');
  return row?.id ?? null;
}
