/** User types (docs/rules.md §6): 1 = staff (admin sign-in), 5 = customer (public routes). */
export const USER_TYPE = { staff: 1, customer: 5 } as const;
export type UserKind = keyof typeof USER_TYPE;
export type UserType = (typeof USER_TYPE)[UserKind];

/** Whether a stored or sent value is one of the user types (anything else is no session). */
export const isUserType = (value: unknown): value is UserType => value === USER_TYPE.staff || value === USER_TYPE.customer;

/** The user type of an audience: staff sign in to the admin panel, customers to the public site. */
export const userTypeOf = (kind: UserKind): UserType => USER_TYPE[kind];

/** Who an account acts as in events (the actor's type) for its user type. */
export const userKindOf = (userType: UserType): UserKind => (userType === USER_TYPE.staff ? 'staff' : 'customer');
