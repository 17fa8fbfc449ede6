import 'reflect-metadata';
import { CommandHandler, type CommandBus, type ICommandHandler } from '@nestjs/cqrs';
import type { z } from 'zod';
import { operations, type CommandId, type Operations } from '@evc/contracts';
import type { CommandContext } from './command-context';

/** Commands the generic controller can route: their operation has an input schema (a JSON body). */
export type RoutedCommandId = { [K in CommandId]: Operations[K] extends { input: z.ZodType } ? K : never }[CommandId];
/** The validated body of an operation's command (what its input schema outputs). */
export type CommandPayload<K extends RoutedCommandId> = z.output<Operations[K]['input']>;
/** What a caller hands an operation before its schema applies defaults (the seeds and internal callers). */
export type CommandInput<K extends RoutedCommandId> = z.input<Operations[K]['input']>;
/** What an operation's command answers (its output schema). */
export type CommandAnswer<K extends CommandId> = z.output<Operations[K]['output']>;

/** An operation of the index as a @nestjs/cqrs command: the validated payload and who asks. */
export interface OperationCommand<K extends RoutedCommandId> {
  readonly operationId: K;
  readonly payload: CommandPayload<K>;
  readonly context: CommandContext;
}
type OperationCommandClass<K extends RoutedCommandId> = new (payload: CommandPayload<K>, context: CommandContext) => OperationCommand<K>;

/** The handler of one operation's command. */
export type OperationHandler<K extends RoutedCommandId> = ICommandHandler<OperationCommand<K>, CommandAnswer<K>>;

const classes = new Map<string, OperationCommandClass<RoutedCommandId>>();
const OPERATION_OF_HANDLER = Symbol('operationOfHandler');

/**
 * The command class of an operation, made once per id: @nestjs/cqrs routes a command to its handler by class,
 * so the operation id needs no hand-written class of its own.
 */
export function commandClass<K extends RoutedCommandId>(id: K): OperationCommandClass<K> {
  let made = classes.get(id);
  if (!made) {
    made = class {
      readonly operationId = id;
      constructor(
        readonly payload: CommandPayload<RoutedCommandId>,
        readonly context: CommandContext,
      ) {}
    } as OperationCommandClass<RoutedCommandId>;
    Object.defineProperty(made, 'name', { value: `${id}:command` });
    classes.set(id, made);
  }
  return made as unknown as OperationCommandClass<K>;
}

/** Marks a class as the handler of an operation's command (and remembers which, for the routes it serves). */
export function HandlesCommand(id: RoutedCommandId): ClassDecorator {
  return (target) => {
    CommandHandler(commandClass(id))(target);
    Reflect.defineMetadata(OPERATION_OF_HANDLER, id, target);
  };
}

/** The operation a handler class was marked for, or undefined for a handler of an internal command. */
export const operationOfHandler = (handler: object): RoutedCommandId | undefined => Reflect.getMetadata(OPERATION_OF_HANDLER, handler);

/**
 * Sends an operation's command through the command bus from inside the service (the seeds, tests' factories): the
 * payload goes through the operation's schema first, exactly as an HTTP body does.
 */
export function sendCommand<K extends RoutedCommandId>(
  bus: Pick<CommandBus, 'execute'>,
  id: K,
  input: CommandInput<K>,
  context: CommandContext,
): Promise<CommandAnswer<K>> {
  const Command = commandClass(id);
  const payload = (operations[id].input as z.ZodType).parse(input) as CommandPayload<K>;
  return bus.execute(new Command(payload, context)) as Promise<CommandAnswer<K>>;
}
