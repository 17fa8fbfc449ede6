import { randomUUID } from 'node:crypto';
import type { CommandBus } from '@nestjs/cqrs';
import { SEEDED_ROLES, SYSTEM_ACTOR, identityStreams } from '@evc/contracts';
import type { EventStore } from '@evc/platform';
import { createLogger } from '@evc/platform/logging/logger';
import type { CommandContext } from '../shared/command-context';
import { envelope } from '../shared/run-decider';
import { SeedCustomerCommand, findAccountByEmail, sha256, assertPasswordAllowed, generateAllowedPassword } from '../identity/index';
import { sendCommand } from '../shared/operation-command';

const MARKER_STREAM = 'seed-identity';
const log = createLogger('seed');

export interface IdentitySeedOptions {
  commandBus: Pick<CommandBus, 'execute'>;
  eventStore: EventStore;
  admin: { email: string; password?: string };
  /** The demo customer; only with the demo data. */
  customer?: { email: string; password?: string };
}

/** A password this run generated: shown once by the launcher, never logged, never stored in plain text. */
export interface GeneratedCredential {
  who: 'super admin' | 'demo customer';
  email: string;
  password: string;
}

export interface IdentitySeedOutcome {
  seeded: boolean;
  generated: GeneratedCredential[];
}

/** A stable uuid for a seeded account, from its e-mail: an interrupted seed resumes with the same ids. */
export function seededId(email: string): string {
  const h = sha256(`seed:${email.toLowerCase()}`);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * A configured seed password obeys the policy of every other password: refused before anything is seeded, with
 * the variable named, so the first start stops rather than seeding a guessable super admin.
 */
function assertSeedPassword(variable: string, { email, password }: { email: string; password?: string }): void {
  if (password === undefined) return;
  try {
    assertPasswordAllowed(password, email);
  } catch {
    throw new Error(
      `${variable} is too easy to guess (a common word, keyboard or digit run, year or date with a few characters around it, or the e-mail's name): choose another`,
    );
  }
}

/**
 * The seeded roles (SEEDED_ROLES), the first super admin and, with the demo data, a demo customer, all through
 * commands (actor system, reason "demo seed"). Once: a marker stream records completion. An account that exists
 * already is left as it is (its password is not replaced, and nothing is printed for it).
 */
export async function seedIdentity({ commandBus, eventStore, admin, customer }: IdentitySeedOptions): Promise<IdentitySeedOutcome> {
  if ((await eventStore.readStream(MARKER_STREAM, { maxCount: 1 })).length > 0) return { seeded: false, generated: [] };
  assertSeedPassword('SEED_ADMIN_PASSWORD', admin);
  if (customer) assertSeedPassword('SEED_CUSTOMER_PASSWORD', customer);
  const context: CommandContext = { actor: SYSTEM_ACTOR, correlationId: randomUUID(), reason: 'demo seed' };
  for (const { roleId, name, nameAr, privileges } of SEEDED_ROLES) {
    await sendCommand(commandBus, 'roles.create', { roleId, name, nameAr, privileges: [...privileges] }, context);
  }
  const generated: GeneratedCredential[] = [];
  if (!(await findAccountByEmail(eventStore, admin.email))) {
    const password = admin.password ?? generateAllowedPassword(admin.email);
    await sendCommand(
      commandBus,
      'admins.create',
      {
        adminId: seededId(admin.email),
        firstName: 'Super',
        lastName: 'Admin',
        email: admin.email,
        roleIds: ['role-super-admin'],
        password,
      },
      context,
    );
    if (!admin.password) generated.push({ who: 'super admin', email: admin.email, password });
  }
  if (customer && !(await findAccountByEmail(eventStore, customer.email))) {
    const password = customer.password ?? generateAllowedPassword(customer.email);
    await commandBus.execute(
      new SeedCustomerCommand(
        {
          accountId: seededId(customer.email),
          firstName: 'Demo',
          lastName: 'Customer',
          email: customer.email,
          phone: '01000000000',
          gender: 'male',
          locale: 'en',
          password,
        },
        context,
      ),
    );
    if (!customer.password) generated.push({ who: 'demo customer', email: customer.email, password });
  }
  await eventStore.append(
    MARKER_STREAM,
    [envelope({ type: 'IdentitySeeded', data: { roles: SEEDED_ROLES.length, demoCustomer: Boolean(customer) } }, context)],
    'no_stream',
  );
  log.info('identity seeded', { roles: SEEDED_ROLES.length, admin: identityStreams.account(seededId(admin.email)) });
  return { seeded: true, generated };
}

/**
 * Shows each password generated on this first start once, one line each, straight to stdout (not through the
 * logger, whose level or sinks must never decide whether a secret is kept). Later starts have nothing to show.
 */
export function printGeneratedCredentials(generated: GeneratedCredential[], out: Pick<NodeJS.WriteStream, 'write'> = process.stdout): void {
  for (const g of generated) {
    out.write(`>>> Generated ${g.who} sign-in: ${g.email} / ${g.password}   (shown once; change it after signing in)\n`);
  }
}
