/**
 * A stand-in OpenAI-compatible server on 127.0.0.1 for tests (no language model can run on these machines): it
 * answers POST /v1/chat/completions (and /chat/completions) with the answers a test queued, in order, and records
 * every request. It can answer a tool call, plain text, a tool call written as JSON text in `content` (as llama.cpp
 * and Ollama sometimes do), malformed arguments, an HTTP error with an optional Retry-After, or a stall.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from './read-body';

interface AnswerCommon {
  /** The `model` the response names (default `fake-model`). */
  model?: string;
  /** Token counts in the response's `usage` (default 120 prompt, 30 completion); null leaves `usage` out. */
  usage?: { promptTokens: number; completionTokens: number } | null;
}

export type FakeAnswer =
  /** A tool call; `arguments` is sent as JSON text unless it already is a string. */
  | (AnswerCommon & { kind: 'tool-call'; arguments: unknown; name?: string })
  /** A plain text answer (no tool call). */
  | (AnswerCommon & { kind: 'text'; content: string })
  /** The tool call written in `content` as `{"name": …, "arguments": {…}}`, optionally inside a ```json fence. */
  | (AnswerCommon & { kind: 'tool-call-in-content'; arguments: unknown; name?: string; fenced?: boolean })
  /** A tool call whose arguments are not valid JSON (default `{"action": "reply", "reply": "Hi` cut short). */
  | (AnswerCommon & { kind: 'malformed-arguments'; arguments?: string })
  /** An HTTP error, e.g. 429 with Retry-After, or 500. */
  | { kind: 'status'; status: number; retryAfter?: string; message?: string }
  /** Never answers: the request hangs until the client gives up or the server closes. */
  | { kind: 'stall' };

export interface RecordedRequest {
  body: unknown;
  headers: Record<string, string>;
}

export interface FakeOpenAiServer {
  /** The base URL to give the client, ending in /v1. */
  url: string;
  requests: RecordedRequest[];
  enqueue(answer: FakeAnswer): void;
  close(): Promise<void>;
}

const PATHS = new Set(['/v1/chat/completions', '/chat/completions']);

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

function completion(answer: AnswerCommon, message: Record<string, unknown>, finishReason: 'stop' | 'tool_calls') {
  const usage = answer.usage === undefined ? { promptTokens: 120, completionTokens: 30 } : answer.usage;
  return {
    id: `chatcmpl-fake-${Math.random().toString(36).substring(2, 10)}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: answer.model ?? 'fake-model',
    choices: [{ index: 0, message: { role: 'assistant', content: null, ...message }, finish_reason: finishReason, logprobs: null }],
    ...(usage ? { usage: { prompt_tokens: usage.promptTokens, completion_tokens: usage.completionTokens, total_tokens: usage.promptTokens + usage.completionTokens } } : {}),
  };
}

function toolCall(name: string, args: string, index: number) {
  return { id: `call_fake_${index}`, type: 'function', function: { name, arguments: args } };
}

export async function startFakeOpenAiServer(): Promise<FakeOpenAiServer> {
  const queue: FakeAnswer[] = [];
  const requests: RecordedRequest[] = [];
  let answered = 0;

  const answer = (request: IncomingMessage, response: ServerResponse, text: string) => {
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Kept as text: a test may want to see what was sent.
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
    requests.push({ body, headers });

    const next = queue.shift();
    answered += 1;
    if (!next) {
      // 400 rather than 5xx so the client does not retry: the test forgot to queue an answer, and should say so.
      sendJson(response, 400, { error: { message: `The fake OpenAI server had no answer queued for request ${answered}.`, type: 'invalid_request_error', code: null } });
      return;
    }
    switch (next.kind) {
      case 'tool-call': {
        const args = typeof next.arguments === 'string' ? next.arguments : JSON.stringify(next.arguments);
        sendJson(response, 200, completion(next, { tool_calls: [toolCall(next.name ?? 'decide_turn', args, answered)] }, 'tool_calls'));
        return;
      }
      case 'malformed-arguments':
        sendJson(response, 200, completion(next, { tool_calls: [toolCall('decide_turn', next.arguments ?? '{"action": "reply", "reply": "Hi', answered)] }, 'tool_calls'));
        return;
      case 'text':
        sendJson(response, 200, completion(next, { content: next.content }, 'stop'));
        return;
      case 'tool-call-in-content': {
        const json = JSON.stringify({ name: next.name ?? 'decide_turn', arguments: next.arguments });
        sendJson(response, 200, completion(next, { content: next.fenced ? `\`\`\`json\n${json}\n\`\`\`` : json }, 'stop'));
        return;
      }
      case 'status':
        sendJson(
          response,
          next.status,
          { error: { message: next.message ?? `fake error ${next.status}`, type: next.status === 429 ? 'rate_limit_error' : 'server_error', code: null } },
          next.retryAfter === undefined ? {} : { 'retry-after': next.retryAfter },
        );
        return;
      case 'stall':
        // Nothing is written; close() ends the connection.
        return;
    }
  };

  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0] ?? '';
    if (request.method !== 'POST' || !PATHS.has(path)) {
      sendJson(response, 404, { error: { message: `The fake OpenAI server serves only POST /v1/chat/completions, not ${request.method} ${path}.` } });
      return;
    }
    readBody(request).then(
      (text) => answer(request, response, text),
      () => response.destroy(),
    );
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue: (next) => queue.push(next),
    close: () =>
      new Promise<void>((resolve) => {
        // Stalled requests keep their sockets open: end them so close() returns.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
