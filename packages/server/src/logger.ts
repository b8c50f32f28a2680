import { pino, type Logger } from 'pino';

export type { Logger };

/** Structured JSON logs on stdout. Passwords never reach a log line: redact the usual suspects. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'basin' },
    redact: { paths: ['*.password', '*.connectionString', 'password'], censor: '[redacted]' },
  });
}
