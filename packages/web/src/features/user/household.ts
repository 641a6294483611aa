import type { Account, HouseholdMember } from '@pluk/contract';

/**
 * The server lists the membership holder first, then the other members; the forms edit only the
 * others (the holder is the account itself, renamed with it). The contract has no holder flag yet.
 */
export function otherHouseholdMembers(account: Account): HouseholdMember[] {
  return account.memberShip.members.slice(1);
}
