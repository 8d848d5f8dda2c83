import { teamRoles } from '@wattle/domain/auth/roles';

/** The invite roles (spec work section 6) as a select's options: Team Lead, Practitioner, Support Worker, Family Guardian, Therapist. */
export function TeamRoleOptions() {
  return teamRoles.map((role) => (
    <option key={role} value={role}>
      {role}
    </option>
  ));
}
