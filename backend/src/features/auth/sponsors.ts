import type { Knex } from 'knex';

/**
 * Who a new partner may choose as sponsor: unlocked partner accounts, never an admin (neither
 * the flag nor the configured admin address). On a fresh portal, before any partner exists,
 * the unlocked admins stand in, so the first partners can join. One rule for the registration
 * list and for the registration itself: registration accepts exactly the sponsors the list
 * could show.
 */
async function sponsorCandidates(db: Knex, adminEmail: string): Promise<() => Knex.QueryBuilder> {
  const unlocked = () => db('users').where({ is_locked: false });
  const partners = () =>
    unlocked().where({ is_admin: false }).whereNot({ email_lower: adminEmail.toLowerCase() });
  return (await partners().first('id')) ? partners : unlocked;
}

/** The list the registration picker shows: only what it needs (id, member id, name). */
export async function listSponsors(db: Knex, adminEmail: string) {
  const candidates = await sponsorCandidates(db, adminEmail);
  const rows: { id: string; uid: string; first_name: string; last_name: string }[] = await candidates()
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
  const candidates = await sponsorCandidates(db, adminEmail);
  const row = await candidates().where({ id: sponsorId }).first('id');
  return row?.id ?? null;
}
