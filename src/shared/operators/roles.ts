/**
 * Who runs the marketplace. Every account has one role; the three operator roles rank above
 * members, and an operator acts only on accounts ranked below their own (a moderator cannot
 * act on an admin, nor on another moderator). The first admin is made on the command line.
 */
export const ROLES = ['user', 'support', 'moderator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** The roles that open the console: support reads, moderators act, admins also set roles. */
export type OperatorRole = Exclude<Role, 'user'>;

export const ROLE_NAMES: Record<Role, string> = {
  user: 'Member',
  support: 'Support',
  moderator: 'Moderator',
  admin: 'Admin',
};

const rank = (role: Role) => ROLES.indexOf(role);

export function isRole(value: unknown): value is Role {
  return ROLES.includes(value as Role);
}

/** Whether `role` is at least `required` (unknown values rank as members). */
export function hasRole(role: Role, required: Role): boolean {
  return rank(role) >= rank(required);
}

/** Whether an operator may act on an account with `target`'s role. */
export function outranks(actor: Role, target: Role): boolean {
  return rank(actor) > rank(target);
}

/**
 * The roles an operator may give: those below their own, to an account below their own.
 * Only an admin changes roles; a new admin is made on the command line.
 */
export function grantableRoles(actor: Role): Role[] {
  return actor === 'admin' ? ROLES.filter((role) => outranks(actor, role)) : [];
}
