import { ProviderError } from '../httpRetry';
import { message } from '../../i18n/messages';
import type { FetchLike } from '../net/fetchLike';

/**
 * OpenAI's Batch API (and the providers that speak it, e.g. DashScope's compatible mode): a JSONL
 * file of chat-completions requests (or, where the provider takes them, image generations) uploaded
 * with purpose `batch`, a batch over it with the 24-hour completion window, its status followed,
 * its output and error files read.
 */

/** A batch's state as the provider tells it. */
export interface BatchState {
  id: string;
  /** validating, in_progress, finalizing, completed, failed, expired, cancelling, cancelled */
  status: string;
  output_file_id: string | null;
  error_file_id: string | null;
  request_counts?: { total: number; completed: number; failed: number };
}

/** One line of the input file. */
export interface BatchLine {
  custom_id: string;
  body: Record<string, unknown>;
}

/** One line of an output or error file: the answer's HTTP status and body, or the line's error. */
export interface BatchResult {
  custom_id: string;
  response: { status_code: number; body: unknown } | null;
  error: { code?: string; message?: string } | null;
}

/** The statuses after which a batch changes no more. */
export const FINAL_STATUSES = ['completed', 'failed', 'expired', 'cancelled'] as const;

/** What a batch's lines ask for: a batch holds lines of one endpoint only. */
export const BATCH_ENDPOINTS = { chat: '/v1/chat/completions', images: '/v1/images/generations' } as const;
export type BatchEndpoint = (typeof BATCH_ENDPOINTS)[keyof typeof BATCH_ENDPOINTS];

export function createBatchApi(options: { baseUrl: string; apiKey: string; fetch: FetchLike }) {
  const service = message('modelAnswer.batchService', { host: new URL(options.baseUrl).host });
  const auth: Record<string, string> = options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {};

  async function call(path: string, init: RequestInit = {}): Promise<Response> {
    let res: Response;
    try {
      res = await options.fetch(`${options.baseUrl}${path}`, { ...init, headers: { ...auth, ...(init.headers ?? {}) } });
    } catch (error) {
      throw new ProviderError(message('providerCall.unreachable', { service, detail: (error as Error).message }), true);
    }
    if (!res.ok) {
      const text = await res.text().catch(() => '');
      throw new ProviderError(
        message('modelAnswer.batchAnswered', { service, status: res.status, path, detail: text.slice(0, 300) }),
        res.status >= 500 || res.status === 429,
      );
    }
    return res;
  }
  const json = async <T>(path: string, init?: RequestInit) => (await (await call(path, init)).json()) as T;

  return {
    /** Uploads the lines as a JSONL file (purpose `batch`) and starts a batch over them, all to `endpoint`. */
    async start(lines: BatchLine[], endpoint: BatchEndpoint = BATCH_ENDPOINTS.chat): Promise<{ inputFileId: string; batch: BatchState }> {
      const jsonl = lines.map((l) => JSON.stringify({ custom_id: l.custom_id, method: 'POST', url: endpoint, body: l.body })).join('\n');
      const form = new FormData();
      form.append('purpose', 'batch');
      form.append('file', new Blob([jsonl], { type: 'application/jsonl' }), 'batch.jsonl');
      const file = await json<{ id: string }>('/files', { method: 'POST', body: form });
      const batch = await json<BatchState>('/batches', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ input_file_id: file.id, endpoint, completion_window: '24h' }),
      });
      return { inputFileId: file.id, batch };
    },
    status: (id: string) => json<BatchState>(`/batches/${encodeURIComponent(id)}`),
    cancel: (id: string) => json<BatchState>(`/batches/${encodeURIComponent(id)}/cancel`, { method: 'POST' }),
    /** The lines of an output or error file. */
    async results(fileId: string): Promise<BatchResult[]> {
      const text = await (await call(`/files/${encodeURIComponent(fileId)}/content`)).text();
      return text
        .split('\n')
        .filter((line) => line.trim())
        .map((line) => JSON.parse(line) as BatchResult);
    },
  };
}

export type BatchApi = ReturnType<typeof createBatchApi>;

/** The text of a line's chat completion (or the base64 of its generated image), or why there is none. */
export function answerOf(result: BatchResult): { text: string } | { error: string } {
  const body = result.response?.body as
    { choices?: { message?: { content?: unknown } }[]; data?: { b64_json?: unknown }[]; error?: { message?: string } } | undefined;
  const content = body?.choices?.[0]?.message?.content ?? body?.data?.[0]?.b64_json;
  if (result.response?.status_code === 200 && typeof content === 'string' && content.trim()) return { text: content };
  return {
    error: result.error?.message ?? body?.error?.message ?? `status ${result.response?.status_code ?? 'none'} without an answer`,
  };
}
