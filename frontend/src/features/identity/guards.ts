import { redirect } from '@tanstack/react-router';
import type { createStore } from 'jotai';
import type { Privilege } from '@evc/contracts/shared';
import { USER_TYPE } from '@evc/contracts/identity';
import { paths } from '../../config/paths';
import { storedUserType } from '../../stores/auth-storage';
import { hasPrivilege, isStaff, sessionAtom } from '../../stores/auth-state';

export interface RouterContext {
  store: ReturnType<typeof createStore>;
}

/** Where a page may send the user back after sign-in: only a path of this app. */
export function safeRedirect(value: unknown): string | undefined {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : undefined;
}
export const redirectSearch = (search: Record<string, unknown>): { redirect?: string } => {
  const to = safeRedirect(search.redirect);
  return to ? { redirect: to } : {};
};

/** Where a signed-out visitor signs in (docs/rules.md §2): staff sign-in for admin pages or stored user type 1. */
export function signInPathFor(area: 'admin' | 'customer'): typeof paths.signIn | typeof paths.signInUp {
  return area === 'admin' || storedUserType() === USER_TYPE.staff ? paths.signIn : paths.signInUp;
}

/** Admin pages: signed-in staff with the privilege; others go to sign-in or /Error401. */
export function requireStaff(context: RouterContext, href: string, privilege?: Privilege): void {
  const session = context.store.get(sessionAtom);
  if (!session) throw redirect({ to: signInPathFor('admin'), search: { redirect: href } });
  if (!isStaff(session) || (privilege && !hasPrivilege(session, privilege))) throw redirect({ to: paths.error401 });
}

/** Customer area: a signed-in customer; staff go to /Error401. */
export function requireCustomer(context: RouterContext, href: string): void {
  const session = context.store.get(sessionAtom);
  if (!session) throw redirect({ to: signInPathFor('customer'), search: { redirect: href } });
  if (isStaff(session)) throw redirect({ to: paths.error401 });
}
