import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface ProfileLinkProps {
  /** The person's public id. */
  id: string;
  className?: string;
  /** Usually their name. */
  children: ReactNode;
}

/**
 * A link to a person's public profile, /users/{id}. A name is the person's own text: its
 * direction is its own (`dir="auto"`), so an Arabic or Hebrew name reads right to left.
 */
export function ProfileLink({ id, className = 'link link-hover', children }: ProfileLinkProps) {
  return (
    <Link to={`/users/${id}`} dir="auto" className={className}>
      {children}
    </Link>
  );
}
