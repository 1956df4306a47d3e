/** An OpenAI-compatible endpoint (`…/v1`) and one of its models. */
export interface ModelEndpoint {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs?: number;
}

/**
 * POST `{baseUrl}/chat/completions` with plain fetch (the official SDK requires Node 22) and answers the first
 * choice's text. Any failure — network, timeout, status, a body without text — answers null, so every caller
 * falls back to its local answer.
 */
export async function chatCompletion(endpoint: ModelEndpoint, request: Record<string, unknown>, defaultTimeoutMs: number): Promise<string | null> {
  try {
    const res = await fetch(`${endpoint.baseUrl.replace(/\/$/, '')}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {}) },
      body: JSON.stringify({ model: endpoint.model, ...request }),
      signal: AbortSignal.timeout(endpoint.timeoutMs ?? defaultTimeoutMs),
    });
    if (!res.ok) return null;
    const body = (await res.json()) as { choices?: Array<{ message?: { content?: unknown } }> };
    const content = body.choices?.[0]?.message?.content;
    return typeof content === 'string' && content.trim() ? content : null;
  } catch {
    return null;
  }
}
