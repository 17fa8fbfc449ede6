import type { Command } from '@nestjs/cqrs';
import { operations, type OperationSpec } from '@evc/contracts';
import type { CommandContext } from '../shared/command-context';
import { SubmitContactRequestCommand } from '../contact/contact.commands';
import { SendChargerCommandCommand } from '../chargers-live/charger-commands';
import { BanCustomerCommand } from '../customers/customers.commands';
import {
  CreateMasterDataItemCommand,
  DeleteGovernorateCommand,
  DeleteMasterDataItemCommand,
  RegisterCountryCommand,
  RegisterGovernorateCommand,
  UpdateCountryCommand,
  UpdateGovernorateCommand,
  UpdateMasterDataItemCommand,
} from '../catalog/catalog.commands';
import {
  AddChargerCommand,
  DeleteChargerCommand,
  DeleteStationCommand,
  RegisterStationCommand,
  RotateChargerSecretCommand,
  SetPricingCommand,
  UpdateChargerCommand,
  UpdateStationCommand,
} from '../network/network.commands';
import {
  ChangePasswordCommand,
  CreateAdminCommand,
  CreateRoleCommand,
  RequestLinkMailCommand,
  ResetPasswordCommand,
  SetAdminActiveCommand,
  SignUpCommand,
  UpdateAdminCommand,
  UpdateOwnProfileCommand,
  UpdateRoleCommand,
  VerifyEmailCommand,
} from '../identity/identity.commands';

/** A command reachable over HTTP: its contract (path, schema, access) and how to build the CQRS command. */
export interface CommandRoute {
  spec: OperationSpec;
  build(payload: never, context: CommandContext): Command<unknown>;
}

export const COMMAND_ROUTES = Symbol('CommandRoutes');

type Payload<C> = C extends { payload: infer P } ? P : never;
const route = <C extends Command<unknown>>(id: keyof typeof operations, build: (payload: Payload<C>, context: CommandContext) => C): CommandRoute => ({
  spec: operations[id],
  build: build as CommandRoute['build'],
});

/**
 * Commands exposed through the generic controller. Sign-in, refresh and sign-out carry the refresh cookie and have
 * their own controller (auth.controller.ts). File uploads have theirs (files/files.controller.ts).
 */
export const commandRoutes: Record<string, CommandRoute> = {
  'contact-requests.submit': route('contact-requests.submit', (p, c) => new SubmitContactRequestCommand(p, c)),
  'auth.sign-up': route('auth.sign-up', (p, c) => new SignUpCommand(p, c)),
  'auth.verify-email': route('auth.verify-email', (p, c) => new VerifyEmailCommand(p, c)),
  'auth.resend-verification': route('auth.resend-verification', (p: Omit<RequestLinkMailCommand['payload'], 'purpose'>, c) => new RequestLinkMailCommand({ ...p, purpose: 'verification' }, c)),
  'auth.forgot-password': route('auth.forgot-password', (p: Omit<RequestLinkMailCommand['payload'], 'purpose'>, c) => new RequestLinkMailCommand({ ...p, purpose: 'reset' }, c)),
  'auth.reset-password': route('auth.reset-password', (p, c) => new ResetPasswordCommand(p, c)),
  'account.change-password': route('account.change-password', (p, c) => new ChangePasswordCommand(p, c)),
  'account.update-profile': route('account.update-profile', (p, c) => new UpdateOwnProfileCommand(p, c)),
  'admins.create': route('admins.create', (p, c) => new CreateAdminCommand(p, c)),
  'admins.update': route('admins.update', (p, c) => new UpdateAdminCommand(p, c)),
  'admins.deactivate': route('admins.deactivate', (p: Omit<SetAdminActiveCommand['payload'], 'active'>, c) => new SetAdminActiveCommand({ ...p, active: false }, c)),
  'admins.activate': route('admins.activate', (p: Omit<SetAdminActiveCommand['payload'], 'active'>, c) => new SetAdminActiveCommand({ ...p, active: true }, c)),
  'roles.create': route('roles.create', (p, c) => new CreateRoleCommand(p, c)),
  'roles.update': route('roles.update', (p, c) => new UpdateRoleCommand(p, c)),
  'customers.ban': route('customers.ban', (p: Omit<BanCustomerCommand['payload'], 'banned'>, c) => new BanCustomerCommand({ ...p, banned: true }, c)),
  'customers.unban': route('customers.unban', (p: Omit<BanCustomerCommand['payload'], 'banned'>, c) => new BanCustomerCommand({ ...p, banned: false }, c)),
  // The network in the admin panel (issue 5).
  'masterdata.create': route('masterdata.create', (p, c) => new CreateMasterDataItemCommand(p, c)),
  'masterdata.update': route('masterdata.update', (p, c) => new UpdateMasterDataItemCommand(p, c)),
  'masterdata.delete': route('masterdata.delete', (p, c) => new DeleteMasterDataItemCommand(p, c)),
  'countries.create': route('countries.create', (p, c) => new RegisterCountryCommand(p, c)),
  'countries.update': route('countries.update', (p, c) => new UpdateCountryCommand(p, c)),
  'governorates.create': route('governorates.create', (p, c) => new RegisterGovernorateCommand(p, c)),
  'governorates.update': route('governorates.update', (p, c) => new UpdateGovernorateCommand(p, c)),
  'governorates.delete': route('governorates.delete', (p, c) => new DeleteGovernorateCommand(p, c)),
  'stations.create': route('stations.create', (p, c) => new RegisterStationCommand(p, c)),
  'stations.update': route('stations.update', (p, c) => new UpdateStationCommand(p, c)),
  'stations.delete': route('stations.delete', (p, c) => new DeleteStationCommand(p, c)),
  'chargers.add': route('chargers.add', (p, c) => new AddChargerCommand(p, c)),
  'chargers.update': route('chargers.update', (p, c) => new UpdateChargerCommand(p, c)),
  'chargers.delete': route('chargers.delete', (p, c) => new DeleteChargerCommand(p, c)),
  'chargers.rotate-secret': route('chargers.rotate-secret', (p, c) => new RotateChargerSecretCommand(p, c)),
  'chargers.send-command': route('chargers.send-command', (p, c) => new SendChargerCommandCommand(p, c)),
  'pricing.set': route('pricing.set', (p, c) => new SetPricingCommand(p, c)),
};
