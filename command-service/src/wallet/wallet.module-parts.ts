import type { Provider, Type } from '@nestjs/common';
import type { CommandRoute } from '../http/command-routes';

/** The wallet, payments, cars and notifications contexts' handlers, controllers and HTTP command routes. */
export const walletProviders: Provider[] = [];
export const walletControllers: Type[] = [];
export const walletRoutes: Record<string, CommandRoute> = {};
