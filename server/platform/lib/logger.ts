import { pino, type Logger } from 'pino';

export type { Logger };

/** Query parameters that carry credentials and must never reach a log line. */
const SECRET_QUERY_PARAMS = ['adminAuth', 'token', 'code', 'connectionParams'];

export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  let changed = false;
  for (const name of SECRET_QUERY_PARAMS) {
    if (params.has(name)) {
      params.set(name, '[redacted]');
      changed = true;
    }
  }
  if (!changed) return url;
  return `${url.slice(0, queryStart)}?${params.toString()}`;
}

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'authToken', 'token', 'code'],
        censor: '[redacted]',
      },
      serializers: {
        req(req: { method?: string; url?: string; ip?: string }) {
          return { method: req.method, url: req.url ? redactUrl(req.url) : req.url, ip: req.ip };
        },
      },
    },
    destination,
  );
}
