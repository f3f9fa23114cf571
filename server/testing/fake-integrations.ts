/**
 * Stand-ins for the OAuth integrations' providers on 127.0.0.1 (decision 0055), for server tests and the browser
 * test: one OAuth 2 server (oauth2-mock-server: authorization code with PKCE, refresh, revocation) shared by the
 * three, a consent page in front of it, and small fakes of Google Calendar v3, Jobber's GraphQL endpoint and
 * Thumbtack's v4 API that keep what they were sent.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OAuth2Server } from 'oauth2-mock-server';
import type { IntegrationsConfig } from '@server/platform/services';
import { readBody } from '@server/platform/testing/read-body';

export interface FakeEvent {
  id: string;
  status: 'confirmed' | 'cancelled';
  summary?: string;
  transparency?: string;
  start: { dateTime?: string; date?: string; timeZone?: string };
  end: { dateTime?: string; date?: string; timeZone?: string };
  extendedProperties?: { private?: Record<string, string> };
  seq: number;
}

export interface FakeProviders {
  /** Base of the fake APIs and consent page. */
  url: string;
  /** The OAuth server's base (authorize, token, revoke). */
  oauthUrl: string;
  config(): IntegrationsConfig;
  /** Env variables pointing a server process at the fakes. */
  env(): Record<string, string>;
  google: {
    calendars: Array<{ id: string; summary: string; primary?: boolean }>;
    events: Map<string, Map<string, FakeEvent>>;
    /** Adds a busy event (a meeting) to a calendar. */
    addBusy(calendarId: string, start: Date, end: Date, summary?: string): FakeEvent;
    /** The next event list with an older sync token answers 410 Gone. */
    expireSyncTokens(): void;
    watches: Array<{ calendarId: string; id: string; address: string; token: string }>;
    /** While set, every Calendar API call answers this HTTP status (an outage). */
    failWith: number | null;
  };
  jobber: { requests: Array<{ operation: string; variables: Record<string, unknown>; version: string | undefined }>; jobs: Map<string, { id: string; jobStatus: string; total: number; request: { id: string } | null; client: { id: string } | null }> };
  thumbtack: { webhooks: Array<{ businessId: string; webhookURL: string; auth: { username: string; password: string } }>; sent: Array<{ negotiationId: string; text: string }> };
  /** Refresh tokens the OAuth server now refuses (invalid_grant): every one issued so far. */
  revokeAll(): void;
  /** Access tokens the APIs refuse with 401. */
  rejectedAccessTokens: Set<string>;
  /** Every token revocation request's token. */
  revoked: string[];
  /** Whether the authorization requests carried PKCE (S256). */
  authorizations: Array<{ codeChallengeMethod: string | null; state: string | null; redirectUri: string | null }>;
  close(): Promise<void>;
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(body === undefined ? '' : JSON.stringify(body));
}

export async function startFakeProviders(): Promise<FakeProviders> {
  const oauth = new OAuth2Server();
  await oauth.issuer.keys.generate('RS256');
  await oauth.start(0, '127.0.0.1');
  const oauthUrl = `http://127.0.0.1:${(oauth.address() as AddressInfo).port}`;
  oauth.issuer.url = oauthUrl;
  const issuedRefresh = new Set<string>();
  const refused = new Set<string>();
  const revoked: string[] = [];
  const authorizations: FakeProviders['authorizations'] = [];
  oauth.service.on('beforeResponse', (response: { body: Record<string, unknown>; statusCode: number }, request: IncomingMessage & { body?: Record<string, string> }) => {
    const body = request.body ?? {};
    if (body.grant_type === 'refresh_token' && refused.has(body.refresh_token ?? '')) {
      response.statusCode = 400;
      response.body = { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' };
      return;
    }
    if (typeof response.body.refresh_token === 'string') issuedRefresh.add(response.body.refresh_token);
  });
  oauth.service.on('beforeAuthorizeRedirect', (_redirect: unknown, request: IncomingMessage) => {
    const query = new URL(request.url ?? '/', 'http://x').searchParams;
    authorizations.push({ codeChallengeMethod: query.get('code_challenge_method'), state: query.get('state'), redirectUri: query.get('redirect_uri') });
  });
  oauth.service.on('beforeRevoke', (_response: unknown, request: IncomingMessage & { body?: Record<string, string> }) => {
    revoked.push(request.body?.token ?? '');
  });

  const rejectedAccessTokens = new Set<string>();
  let seq = 1;
  let oldestValidSync = 0;
  const calendars = [
    { id: 'owner@example.test', summary: 'Dana Rivera', primary: true },
    { id: 'family@group.calendar.test', summary: 'Family' },
  ];
  const events = new Map<string, Map<string, FakeEvent>>(calendars.map((c) => [c.id, new Map()]));
  const watches: FakeProviders['google']['watches'] = [];
  const google: FakeProviders['google'] = {
    calendars,
    events,
    watches,
    failWith: null,
    addBusy(calendarId, start, end, summary = 'Dentist') {
      const event: FakeEvent = { id: randomUUID().replaceAll('-', ''), status: 'confirmed', summary, start: { dateTime: start.toISOString() }, end: { dateTime: end.toISOString() }, seq: (seq += 1) };
      events.get(calendarId)!.set(event.id, event);
      return event;
    },
    expireSyncTokens() {
      oldestValidSync = seq + 1;
    },
  };
  const jobber: FakeProviders['jobber'] = { requests: [], jobs: new Map() };
  const thumbtack: FakeProviders['thumbtack'] = { webhooks: [], sent: [] };
  let nextJobberId = 1;

  const server: Server = createServer(async (request, response) => {
    try {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const path = url.pathname;
      // The consent screen: what a person sees at the provider before allowing LeadLoop in.
      if (path === '/consent') {
        const allow = `${oauthUrl}/authorize?${url.searchParams.toString()}`;
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end(`<!doctype html><title>Fake provider: allow access</title><h1>LeadLoop wants to see your calendars</h1><p>Signed in as owner@example.test</p><a id="allow" href="${allow.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">Allow</a>`);
        return;
      }
      const auth = request.headers.authorization ?? '';
      const token = /^Bearer (.+)$/.exec(auth)?.[1];
      if (!token || rejectedAccessTokens.has(token)) return send(response, 401, { error: { code: 401, message: 'Invalid Credentials' } });
      const body = request.method === 'GET' || request.method === 'DELETE' ? '' : await readBody(request);
      const json = body ? (JSON.parse(body) as Record<string, unknown>) : {};

      if (path.startsWith('/calendar/v3/')) {
        if (google.failWith) return send(response, google.failWith, { error: { code: google.failWith, message: 'Backend Error' } });
        const rest = path.slice('/calendar/v3'.length);
        if (rest === '/users/me/calendarList') return send(response, 200, { items: calendars.map((c) => ({ ...c, accessRole: 'owner' })) });
        if (rest === '/channels/stop') return send(response, 204, undefined);
        const match = /^\/calendars\/([^/]+)\/events(?:\/(watch|[^/]+))?$/.exec(rest);
        if (!match) return send(response, 404, { error: 'no such path' });
        const calendarId = decodeURIComponent(match[1]!);
        const store = events.get(calendarId);
        if (!store) return send(response, 404, { error: 'no such calendar' });
        const sub = match[2] ? decodeURIComponent(match[2]) : null;
        if (sub === 'watch' && request.method === 'POST') {
          watches.push({ calendarId, id: String(json.id), address: String(json.address), token: String(json.token) });
          return send(response, 200, { kind: 'api#channel', id: json.id, resourceId: `res-${calendarId}`, expiration: String(Date.now() + 6 * 86_400_000) });
        }
        if (!sub && request.method === 'GET') {
          const syncToken = url.searchParams.get('syncToken');
          if (syncToken) {
            const since = Number(syncToken.replace('seq:', ''));
            if (since < oldestValidSync) return send(response, 410, { error: { code: 410, message: 'Sync token is no longer valid' } });
            return send(response, 200, { items: [...store.values()].filter((e) => e.seq > since), nextSyncToken: `seq:${seq}` });
          }
          return send(response, 200, { items: [...store.values()].filter((e) => e.status !== 'cancelled'), nextSyncToken: `seq:${seq}` });
        }
        if (!sub && request.method === 'POST') {
          const id = typeof json.id === 'string' ? json.id : randomUUID().replaceAll('-', '');
          if (store.has(id)) return send(response, 409, { error: { code: 409, message: 'The requested identifier already exists.' } });
          const event = { ...(json as object), id, status: 'confirmed', seq: (seq += 1) } as FakeEvent;
          store.set(id, event);
          return send(response, 200, event);
        }
        if (sub && request.method === 'PATCH') {
          const event = store.get(sub);
          if (!event || event.status === 'cancelled') return send(response, 404, { error: 'not found' });
          const next = { ...event, ...(json as object), id: sub, status: 'confirmed', seq: (seq += 1) } as FakeEvent;
          store.set(sub, next);
          return send(response, 200, next);
        }
        if (sub && request.method === 'DELETE') {
          const event = store.get(sub);
          if (!event || event.status === 'cancelled') return send(response, 410, { error: 'gone' });
          store.set(sub, { ...event, status: 'cancelled', seq: (seq += 1) });
          return send(response, 204, undefined);
        }
        return send(response, 405, { error: 'method' });
      }

      if (path === '/jobber/graphql' && request.method === 'POST') {
        const query = String(json.query ?? '');
        const variables = (json.variables ?? {}) as Record<string, unknown>;
        const operation = /(?:query|mutation)\s+(\w+)/.exec(query)?.[1] ?? 'unknown';
        const version = request.headers['x-jobber-graphql-version'] as string | undefined;
        jobber.requests.push({ operation, variables, version });
        if (!version) return send(response, 400, { errors: [{ message: 'X-JOBBER-GRAPHQL-VERSION is required' }] });
        if (operation === 'LeadLoopAccount') return send(response, 200, { data: { account: { id: 'acct-1', name: 'Acme Plumbing (Jobber)' } } });
        if (operation === 'LeadLoopDisconnect') return send(response, 200, { data: { appDisconnect: { app: { id: 'app' }, userErrors: [] } } });
        if (operation === 'LeadLoopClient') return send(response, 200, { data: { clientCreate: { client: { id: `client-${(nextJobberId += 1)}` }, userErrors: [] } } });
        if (operation === 'LeadLoopRequest') return send(response, 200, { data: { requestCreate: { request: { id: `request-${(nextJobberId += 1)}` }, userErrors: [] } } });
        if (operation === 'LeadLoopJob') return send(response, 200, { data: { job: jobber.jobs.get(String(variables.id)) ?? null } });
        return send(response, 200, { errors: [{ message: `unknown operation ${operation}` }] });
      }

      if (path.startsWith('/thumbtack/api/v4/')) {
        const rest = path.slice('/thumbtack/api/v4'.length);
        if (rest === '/businesses' && request.method === 'GET') return send(response, 200, { data: [{ businessID: 'biz-1', name: 'Acme Plumbing on Thumbtack' }] });
        const hook = /^\/businesses\/([^/]+)\/webhooks(?:\/([^/]+))?$/.exec(rest);
        if (hook && request.method === 'POST') {
          thumbtack.webhooks.push({ businessId: hook[1]!, webhookURL: String(json.webhookURL), auth: json.auth as { username: string; password: string } });
          return send(response, 200, { webhookID: `wh-${thumbtack.webhooks.length}`, enabled: true });
        }
        if (hook && request.method === 'DELETE') return send(response, 204, undefined);
        const messages = /^\/negotiations\/([^/]+)\/messages$/.exec(rest);
        if (messages && request.method === 'POST') {
          thumbtack.sent.push({ negotiationId: decodeURIComponent(messages[1]!), text: String(json.text) });
          return send(response, 200, { messageID: `tt-msg-${thumbtack.sent.length}` });
        }
        return send(response, 404, { error: 'no such path' });
      }
      send(response, 404, { error: 'no such path' });
    } catch (error) {
      send(response, 500, { error: (error as Error).message });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = (apiUrl: string, authorizeUrl = `${oauthUrl}/authorize`) => ({
    clientId: 'leadloop-test-client',
    clientSecret: 'leadloop-test-secret',
    authorizeUrl,
    tokenUrl: `${oauthUrl}/token`,
    revokeUrl: `${oauthUrl}/revoke`,
    apiUrl,
  });
  return {
    url,
    oauthUrl,
    config: () => ({
      google_calendar: provider(`${url}/calendar/v3`),
      jobber: { ...provider(`${url}/jobber/graphql`), revokeUrl: null, graphqlVersion: '2025-04-16' },
      thumbtack: { ...provider(`${url}/thumbtack/api/v4`), revokeUrl: null },
      allowAddresses: ['127.0.0.1'],
    }),
    env: () => ({
      GOOGLE_OAUTH_CLIENT_ID: 'leadloop-test-client',
      GOOGLE_OAUTH_CLIENT_SECRET: 'leadloop-test-secret',
      GOOGLE_OAUTH_AUTHORIZE_URL: `${url}/consent`,
      GOOGLE_OAUTH_TOKEN_URL: `${oauthUrl}/token`,
      GOOGLE_OAUTH_REVOKE_URL: `${oauthUrl}/revoke`,
      GOOGLE_CALENDAR_API_URL: `${url}/calendar/v3`,
    }),
    google,
    jobber,
    thumbtack,
    revokeAll() {
      for (const token of issuedRefresh) refused.add(token);
    },
    rejectedAccessTokens,
    revoked,
    authorizations,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections?.();
      await oauth.stop();
    },
  };
}
