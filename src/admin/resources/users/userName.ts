import type { User } from '../../../common/users';

/** The name the users screens show: the name, or first plus last name, or null ("No Name"). */
export const displayName = (u: Pick<User, 'name' | 'firstName' | 'lastName'>) =>
  u.name?.trim() || [u.firstName, u.lastName].filter(Boolean).join(' ').trim() || null;
