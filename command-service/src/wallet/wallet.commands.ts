import type { AdjustWallet, MarkNotificationsSeen, RegisterCar } from '@evc/contracts';
import { PayloadCommand } from '../shared/payload-command';

export class AdjustWalletCommand extends PayloadCommand<AdjustWallet> {}
/** The customer is the caller (context.actor). */
export class MarkNotificationsSeenCommand extends PayloadCommand<MarkNotificationsSeen> {}
/** The customer is the caller (context.actor). */
export class RegisterCarCommand extends PayloadCommand<RegisterCar> {}
