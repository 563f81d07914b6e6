/**
 * The AI assistant (SPEC 1): an OpenAI-compatible chat-completions endpoint set by configuration
 * (LLM_BASE_URL, LLM_API_KEY, LLM_MODEL), called by the server so the key never reaches the browser.
 * The upstream's server-sent events are turned into a plain stream of answer text.
 */
import { ServiceError } from '@/lib/server/errors';
import { config } from '@/lib/server/config';
import { errorText, log } from '@/lib/server/ops/log';
import { ASSISTANT_UNAVAILABLE_MSG, ASSISTANT_OFF_MSG } from '@/lib/contract/learning';

const SYSTEM_PROMPT = '你是继续教育网络学院的智能学习助手。请用简洁的中文回答学员关于课程、培训和学习的问题。';
const UPSTREAM_TIMEOUT_MS = 60_000;

export interface ChatMessage {
  role: 'user' | 'assistant';
  content: string;
}

export function assistantConfigured(): boolean {
  return !!config().LLM_BASE_URL;
}

/** Reads `data: {...}` lines of the upstream's event stream and yields each delta's text. */
export async function* deltas(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffered += decoder.decode(value, { stream: true });
    let nl: number;
    while ((nl = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, nl).trim();
      buffered = buffered.slice(nl + 1);
      if (!line.startsWith('data:')) continue;
      const data = line.slice(5).trim();
      if (data === '[DONE]') return;
      try {
        const json = JSON.parse(data) as { choices?: { delta?: { content?: string } }[] };
        const text = json.choices?.[0]?.delta?.content;
        if (text) yield text;
      } catch {
        /* a keep-alive or a malformed line: skip it */
      }
    }
  }
}

/** Opens the upstream stream; throws a ServiceError (before any byte is sent to the browser) when it cannot. */
export async function openChat(messages: ChatMessage[], signal?: AbortSignal): Promise<ReadableStream<Uint8Array>> {
  const { LLM_BASE_URL: base, LLM_API_KEY: key, LLM_MODEL: model } = config();
  if (!base) throw new ServiceError(ASSISTANT_OFF_MSG);
  const timeout = AbortSignal.timeout(UPSTREAM_TIMEOUT_MS);
  let res: Response;
  try {
    res = await fetch(`${base.replace(/\/+$/, '')}/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        ...(key ? { authorization: `Bearer ${key}` } : {}),
      },
      body: JSON.stringify({
        model: model || 'default',
        stream: true,
        messages: [{ role: 'system', content: SYSTEM_PROMPT }, ...messages],
      }),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (err) {
    log.warn({ err: errorText(err) }, 'assistant upstream unreachable');
    throw new ServiceError(ASSISTANT_UNAVAILABLE_MSG);
  }
  if (!res.ok || !res.body) {
    log.warn({ status: res.status }, 'assistant upstream refused');
    throw new ServiceError(ASSISTANT_UNAVAILABLE_MSG);
  }
  const encoder = new TextEncoder();
  const source = deltas(res.body);
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await source.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch {
        controller.enqueue(encoder.encode(`\n[${ASSISTANT_UNAVAILABLE_MSG}]`));
        controller.close();
      }
    },
    async cancel() {
      await source.return(undefined);
    },
  });
}
