/**
 * The benches' way to call the running server's tRPC procedures (plain JSON, spec wire format): a mutation as a
 * POST with the raw input, signed in when given a token. Fails on anything but a result.
 */
export function trpcMutation(base: string) {
  return async (path: string, body: unknown, token?: string) => {
    const response = await fetch(`${base}/trpc/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as { result?: { data: unknown }; error?: { message: string } };
    if (!json.result) throw new Error(`${path}: ${json.error?.message ?? response.status}`);
    return json.result.data as Record<string, unknown>;
  };
}
