import type { IncomingMessage } from 'node:http';

/** The whole body of a request to a stand-in server (fake Twilio, fake push service) in tests. */
export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
