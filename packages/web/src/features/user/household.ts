import type { Account, HouseholdMember } from '@pluk/contract';

/**
 * The members of my household other than me (decision 018): the forms edit only these, since the holder
 * is the account itself and is renamed with it. Uses `isHolder` when the server sends it, else the
 * server's order (holder first).
 */
export function otherHouseholdMembers(account: Account): HouseholdMember[] {
  return account.memberShip.members.filter((member, index) =>
    member.isHolder === undefined ? index > 0 : !member.isHolder,
  );
}
