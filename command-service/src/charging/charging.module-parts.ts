import type { Provider, Type } from '@nestjs/common';
import type { CommandRoute } from '../http/command-routes';

/** The charging context's handlers, controllers and HTTP command routes (sessions, id tokens, transactions). */
export const chargingProviders: Provider[] = [];
export const chargingControllers: Type[] = [];
export const chargingRoutes: Record<string, CommandRoute> = {};
