/** Minimal structured logger: one line per entry, never prints secrets (callers pass ids, not keys). */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  child(scope: string): Logger;
}

let threshold: LogLevel = (process.env.LOG_LEVEL as LogLevel | undefined) ?? 'info';
export const setLogLevel = (level: LogLevel): void => {
  threshold = level;
};

export function createLogger(scope: string): Logger {
  const write = (level: Exclude<LogLevel, 'silent'>, message: string, fields?: Record<string, unknown>) => {
    if (ORDER[level] < ORDER[threshold]) return;
    const extra = fields && Object.keys(fields).length ? ` ${JSON.stringify(fields)}` : '';
    const line = `${new Date().toISOString()} ${level.toUpperCase().padEnd(5)} [${scope}] ${message}${extra}\n`;
    (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(line);
  };
  return {
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
    child: (s) => createLogger(`${scope}:${s}`),
  };
}
