import type { ManagedUser } from '@pluk/contract';
import { csvText } from '../../lib/csv';

/** The chosen members as a CSV file (name, username, e-mail, phone, roles, approved, active; ADR 096). */
export function usersCsv(users: ManagedUser[], header: string[]): string {
  return csvText(
    header,
    users.map((u) => [
      u.firstName,
      u.lastName,
      u.username,
      u.email,
      u.phone,
      u.roles.join(' '),
      String(u.isApproved),
      String(u.isActive),
    ]),
  );
}
