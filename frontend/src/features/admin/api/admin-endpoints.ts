import type { operations } from '@evc/contracts/operations';
import { endpoints as base } from '../../../lib/endpoints';

type PathOf<K extends keyof typeof operations> = (typeof operations)[K]['path'];

/**
 * The API paths of the network admin screens (issue 5), typed against contracts/operations.ts. Kept out of
 * lib/endpoints so the landing page's chunks do not carry them; `endpoints` here is the shared table plus these.
 */
export const endpoints = {
  ...base,
  customersAdmin: {
    list: '/api/queries/admin/customers' satisfies `${PathOf<'customers.admin-list'>}`,
    get: (customerId: string) =>
      ('/api/queries/admin/customers/:customerId' satisfies `${PathOf<'customers.admin-get'>}`).replace(':customerId', encodeURIComponent(customerId)),
  },
  masterData: {
    list: '/api/queries/admin/masterdata' satisfies `${PathOf<'masterdata.list'>}`,
    create: '/api/commands/masterdata.create' satisfies PathOf<'masterdata.create'>,
    update: '/api/commands/masterdata.update' satisfies PathOf<'masterdata.update'>,
    delete: '/api/commands/masterdata.delete' satisfies PathOf<'masterdata.delete'>,
  },
  countries: {
    list: '/api/queries/admin/countries' satisfies `${PathOf<'countries.list'>}`,
    create: '/api/commands/countries.create' satisfies PathOf<'countries.create'>,
    update: '/api/commands/countries.update' satisfies PathOf<'countries.update'>,
  },
  governoratesAdmin: {
    list: '/api/queries/admin/governorates' satisfies `${PathOf<'governorates.admin-list'>}`,
    create: '/api/commands/governorates.create' satisfies PathOf<'governorates.create'>,
    update: '/api/commands/governorates.update' satisfies PathOf<'governorates.update'>,
    delete: '/api/commands/governorates.delete' satisfies PathOf<'governorates.delete'>,
  },
  stationsAdmin: {
    list: '/api/queries/admin/stations' satisfies `${PathOf<'stations.admin-list'>}`,
    create: '/api/commands/stations.create' satisfies PathOf<'stations.create'>,
    update: '/api/commands/stations.update' satisfies PathOf<'stations.update'>,
    delete: '/api/commands/stations.delete' satisfies PathOf<'stations.delete'>,
  },
  chargers: {
    add: '/api/commands/chargers.add' satisfies PathOf<'chargers.add'>,
    update: '/api/commands/chargers.update' satisfies PathOf<'chargers.update'>,
    delete: '/api/commands/chargers.delete' satisfies PathOf<'chargers.delete'>,
    rotateSecret: '/api/commands/chargers.rotate-secret' satisfies PathOf<'chargers.rotate-secret'>,
    sendCommand: '/api/commands/chargers.send-command' satisfies PathOf<'chargers.send-command'>,
  },
  sessionsAdmin: {
    list: '/api/queries/admin/sessions' satisfies `${PathOf<'sessions.admin-list'>}`,
    get: (sessionId: string) =>
      ('/api/queries/admin/sessions/:sessionId' satisfies `${PathOf<'sessions.admin-get'>}`).replace(':sessionId', encodeURIComponent(sessionId)),
    staffStop: '/api/commands/sessions.staff-stop' satisfies PathOf<'sessions.staff-stop'>,
  },
  walletsAdmin: {
    get: (customerId: string) =>
      ('/api/queries/admin/customers/:customerId/wallet' satisfies `${PathOf<'wallets.admin-get'>}`).replace(':customerId', encodeURIComponent(customerId)),
    adjust: '/api/commands/wallet.adjust' satisfies PathOf<'wallet.adjust'>,
  },
  ocppMessages: '/api/queries/admin/ocpp-messages' satisfies `${PathOf<'ocpp.messages'>}`,
  ocppCommands: '/api/queries/admin/ocpp-commands' satisfies `${PathOf<'ocpp.commands'>}`,
  pricingAdmin: {
    set: '/api/commands/pricing.set' satisfies PathOf<'pricing.set'>,
    history: '/api/queries/admin/pricing-history' satisfies `${PathOf<'pricing.history'>}`,
  },
  files: {
    upload: '/api/files' satisfies PathOf<'files.upload'>,
    get: (fileId: string) => ('/api/files/:fileId' satisfies PathOf<'files.get'>).replace(':fileId', encodeURIComponent(fileId)),
  },
  audit: '/api/queries/admin/audit' satisfies `${PathOf<'audit.history'>}`,
};
