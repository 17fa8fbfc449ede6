import { z } from 'zod';
import { cursorPagedSchema, pagedSchema } from '../shared/api';
import { CUSTOMER, command, group, listQuerySchema, positionParamSchema, privilege, query } from '../shared/operation';
import { stationViewSchema } from '../network/index';
import {
  markNotificationsSeenSchema,
  registerCarSchema,
  removeCarSchema,
  sessionRefSchema,
  startSessionSchema,
  updateCarSchema,
} from './schemas';
import {
  adminSessionsQuerySchema,
  carViewSchema,
  chargerLookupQuerySchema,
  mySessionsQuerySchema,
  notificationsQuerySchema,
  notificationsViewSchema,
  sessionAdminDetailViewSchema,
  sessionAdminViewSchema,
  sessionDetailViewSchema,
  sessionViewSchema,
} from './views';

const sessionIdParams = z.object({ sessionId: z.uuid() });

/** Charging sessions, cars and notifications. Customers only ever see their own. */
export const chargingOperations = group(
  command('sessions.start', {
    summary:
      'Start charging from the phone: checks balance ≥ minimum charge, connector, ban; sends the remote start. Idempotent on sessionId.',
    access: CUSTOMER,
    input: startSessionSchema,
  }),
  command('sessions.stop', {
    summary: 'Stop your session (remote stop); the wallet is debited when the charger reports the stop.',
    access: CUSTOMER,
    input: sessionRefSchema,
  }),
  command('sessions.staff-stop', {
    summary: 'Stop any session remotely (operator support).',
    access: privilege('stations.write'),
    input: sessionRefSchema,
  }),
  command('notifications.mark-seen', {
    summary: 'Mark your notifications seen (some or all).',
    access: CUSTOMER,
    input: markNotificationsSeenSchema,
  }),
  command('cars.register', {
    summary: 'Register a car of yours (brand, type, battery range, licence images).',
    access: CUSTOMER,
    input: registerCarSchema,
  }),
  command('cars.update', { summary: 'Edit a car of yours (same rules as registering it).', access: CUSTOMER, input: updateCarSchema }),
  command('cars.remove', {
    summary: 'Remove a car of yours (it can no longer start a session).',
    access: CUSTOMER,
    input: removeCarSchema,
  }),
  query('me.sessions', '/api/queries/me/sessions', {
    summary: 'Your charging sessions, newest first.',
    access: CUSTOMER,
    input: mySessionsQuerySchema,
    output: cursorPagedSchema(sessionViewSchema),
  }),
  query('me.session', '/api/queries/me/sessions/:sessionId', {
    summary: "One of your sessions with its meter readings (404 for anyone else's).",
    access: CUSTOMER,
    params: sessionIdParams,
    input: positionParamSchema,
    output: sessionDetailViewSchema,
  }),
  query('me.notifications', '/api/queries/me/notifications', {
    summary: 'Your notifications, newest first, with the unseen count.',
    access: CUSTOMER,
    input: notificationsQuerySchema,
    output: notificationsViewSchema,
  }),
  query('me.cars', '/api/queries/me/cars', {
    summary: 'Your cars.',
    access: CUSTOMER,
    input: listQuerySchema,
    output: pagedSchema(carViewSchema),
  }),
  query('chargers.lookup', '/api/queries/chargers/lookup', {
    summary: 'The station of the charger with this serial number or charger id, in any case (start by serial).',
    access: CUSTOMER,
    input: chargerLookupQuerySchema,
    output: stationViewSchema,
  }),
  query('sessions.admin-list', '/api/queries/admin/sessions', {
    summary: 'Charging sessions (read-only) with filters; the customer link only for staff with customers.read.',
    access: privilege('sessions.read'),
    input: adminSessionsQuerySchema,
    output: cursorPagedSchema(sessionAdminViewSchema),
  }),
  query('sessions.admin-get', '/api/queries/admin/sessions/:sessionId', {
    summary: 'One session with its meter readings and events.',
    access: privilege('sessions.read'),
    input: positionParamSchema,
    params: sessionIdParams,
    output: sessionAdminDetailViewSchema,
  }),
);
