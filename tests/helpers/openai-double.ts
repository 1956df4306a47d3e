import { createServer, type IncomingMessage, type Server } from 'node:http';

/** One request the double received. */
export interface RecordedRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: any;
}

/**
 * A local stand-in for an OpenAI-compatible endpoint (POST /v1/chat/completions), written from the public API
 * contract: it records every request and answers with what the test sets, as a chat completion.
 */
export async function startOpenAiDouble() {
  const requests: RecordedRequest[] = [];
  let reply: { status: number; content: string | null } = { status: 200, content: '{}' };
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      let body: unknown = null;
      try {
        body = JSON.parse(raw);
      } catch {
        /* recorded as null */
      }
      requests.push({ path: req.url ?? '', headers: req.headers, body });
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
        return;
      }
      if (reply.status !== 200) {
        res.writeHead(reply.status, { 'content-type': 'application/json' }).end('{"error":{"message":"upstream failure","type":"server_error"}}');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: `chatcmpl-${requests.length}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: (body as { model?: string })?.model ?? 'unknown',
          choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: reply.content } }],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    answerWith(content: object | string | null, status = 200) {
      reply = { status, content: typeof content === 'string' || content === null ? content : JSON.stringify(content) };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
