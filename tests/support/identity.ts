import { randomUUID } from 'node:crypto';
import type { AdminView, ApiError, AuthSession, CommandResult, MailView, Paged, SignUp } from '@evc/contracts';
import { TEST_ADMIN, bearer, getJson, postJson, type TestApp } from './app';

export type Audience = 'customer' | 'staff';
export interface SignInResult {
  status: number;
  body: AuthSession & ApiError;
  headers: Headers;
  /** `evc_refresh=<value>` as a browser would send it back, or null. */
  cookie: string | null;
  /** The whole Set-Cookie line of the refresh cookie (attributes included). */
  setCookie: string | null;
}

const cmd = (name: string) => `/api/commands/${name}`;

function refreshCookie(headers: Headers): { cookie: string | null; setCookie: string | null } {
  const line = headers.getSetCookie().find((c) => c.startsWith('evc_refresh=')) ?? null;
  const value = line?.split(';')[0] ?? null;
  return { cookie: value && value !== 'evc_refresh=' ? value : null, setCookie: line };
}

export async function signIn(
  baseUrl: string,
  email: string,
  password: string,
  audience: Audience = 'customer',
  rememberMe = false,
): Promise<SignInResult> {
  const res = await postJson<AuthSession & ApiError>(baseUrl, cmd('auth.sign-in'), { email, password, audience, rememberMe });
  return { ...res, ...refreshCookie(res.headers) };
}

/** POST auth.refresh with a cookie, as the browser does. */
export async function refresh(baseUrl: string, cookie: string | null): Promise<SignInResult> {
  const res = await postJson<AuthSession & ApiError>(baseUrl, cmd('auth.refresh'), {}, cookie ? { cookie } : {});
  return { ...res, ...refreshCookie(res.headers) };
}

export async function command<T = CommandResult & ApiError>(app: TestApp, name: string, body: unknown, token?: string | null) {
  return postJson<T>(app.baseUrl, cmd(name), body, bearer(token));
}

export async function query<T = ApiError>(app: TestApp, path: string, token?: string | null) {
  return getJson<T>(app.baseUrl, path, bearer(token));
}

export async function superAdminToken(app: TestApp): Promise<string> {
  const res = await signIn(app.baseUrl, TEST_ADMIN.email, TEST_ADMIN.password, 'staff');
  if (res.status !== 200) throw new Error(`super admin sign-in failed: ${res.status} ${res.body.code}`);
  return res.body.token;
}

export const uniqueEmail = (prefix = 'user') => `${prefix}.${randomUUID().slice(0, 8)}@example.com`;

export function aSignUp(overrides: Partial<SignUp> = {}): SignUp {
  return {
    firstName: 'Mona',
    lastName: 'Hassan',
    email: uniqueEmail('mona'),
    phone: '01012345678',
    password: 'Falafel-Tram-63x',
    confirmPassword: 'Falafel-Tram-63x',
    gender: 'female',
    locale: 'en',
    ...overrides,
    ...(overrides.password && !overrides.confirmPassword ? { confirmPassword: overrides.password } : {}),
  };
}

/** The mails the app kept for one address (dev mailbox), newest first; waits until at least `atLeast` arrived. */
export async function mailsTo(app: TestApp, to: string, atLeast = 1): Promise<MailView[]> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const { dataList } = await app.embedded.mailbox.list({ q: to, page: 1, pageSize: 50 });
    const mine = dataList.filter((m) => m.to === to);
    if (mine.length >= atLeast || Date.now() > deadline) return mine;
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The `token` query parameter of the first link in a mail. */
export function linkToken(mail: Pick<MailView, 'text'>): string {
  const match = /[?&]token=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match) throw new Error(`no link in mail: ${mail.text}`);
  return match[1]!;
}

/** A customer who signed up and verified their e-mail through the link in the mail. */
export async function givenVerifiedCustomer(
  app: TestApp,
  overrides: Partial<SignUp> = {},
): Promise<{ email: string; password: string; customerId: string }> {
  const form = aSignUp(overrides);
  const res = await command(app, 'auth.sign-up', form);
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  const [mail] = await mailsTo(app, form.email);
  if (!mail) throw new Error('no verification mail');
  const verified = await command(app, 'auth.verify-email', { token: linkToken(mail) });
  if (verified.status !== 200) throw new Error(`verify failed: ${verified.status}`);
  return { email: form.email, password: form.password, customerId: res.body.streamId.replace(/^account-/, '') };
}

export async function customerToken(app: TestApp, overrides: Partial<SignUp> = {}) {
  const customer = await givenVerifiedCustomer(app, overrides);
  const session = await signIn(app.baseUrl, customer.email, customer.password);
  return { ...customer, token: session.body.token, cookie: session.cookie };
}

/** A staff member with the given roles, created by the super admin over HTTP, and signed in. */
export async function givenStaff(app: TestApp, roleIds: string[], adminToken?: string) {
  const token = adminToken ?? (await superAdminToken(app));
  const adminId = randomUUID();
  const email = uniqueEmail('staff');
  const password = 'Opera7or-Desk-Key';
  const created = await command(app, 'admins.create', { adminId, firstName: 'Karim', lastName: 'Adel', email, roleIds, password }, token);
  if (created.status !== 200) throw new Error(`admins.create failed: ${created.status} ${JSON.stringify(created.body)}`);
  const session = await signIn(app.baseUrl, email, password, 'staff');
  return { adminId, email, password, token: session.body.token, cookie: session.cookie, position: created.body.position };
}

export async function adminsList(app: TestApp, token: string, position?: number) {
  return query<Paged<AdminView> & ApiError>(app, `/api/queries/admins?pageSize=100${position ? `&position=${position}` : ''}`, token);
}
