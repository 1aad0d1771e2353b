import type http from 'node:http';

/**
 * The Batch API part of the loopback model double (llmDouble.ts), as OpenAI's behaves: POST /files
 * (multipart, purpose `batch`, a JSONL file whose every line is a POST to /v1/chat/completions, with
 * model and messages, or to /v1/images/generations, with model and prompt, with a unique custom_id,
 * refused with 400 otherwise), POST /batches (endpoint /v1/chat/completions or /v1/images/generations,
 * every line of its file to that endpoint, completion window 24h), GET /batches/{id} walking validating → in_progress → finalizing →
 * completed one status per `stepMs`, its request_counts growing while in_progress (the lines are
 * answered one by one, evenly over that status), output and error files (GET /files/{id}/content) with per-line
 * errors, expiry on request, and POST /batches/{id}/cancel.
 */

export interface BatchRequestLine {
  custom_id: string;
  method: string;
  url: string;
  body: { model: string; messages: { role: string; content: string }[]; max_tokens?: number; prompt?: string };
}

const ENDPOINTS = ['/v1/chat/completions', '/v1/images/generations'];

export interface DoubleBatch {
  id: string;
  endpoint: string;
  status: string;
  input_file_id: string;
  output_file_id: string | null;
  error_file_id: string | null;
  lines: BatchRequestLine[];
  /** When the batch moves to its next status. */
  nextAt: number;
  /** Whether each line answered so far failed (it goes to the error file), in the order of `lines`. */
  failed: boolean[];
  /** Taken by `expireNext` as it started: it answers nothing and expires. */
  expiring: boolean;
}

export interface BatchApiDouble {
  /** Ms each status lasts. */
  stepMs: number;
  /**
   * While true, a batch in progress stays in progress, its lines still answered as time passes but
   * never its last: a test sees it running for as long as it looks, then lets it go on.
   */
  holdInProgress: boolean;
  /** The batches made, in order. */
  batches: DoubleBatch[];
  /** Uploads refused as invalid, with the reason. */
  refusedUploads: string[];
  /** Whether a line fails (it goes to the error file) instead of being answered. */
  failLine: (line: BatchRequestLine) => boolean;
  /** The next N batches expire (nothing answered) instead of completing. */
  expireNext: number;
  handle(req: http.IncomingMessage, res: http.ServerResponse, raw: Buffer): Promise<boolean>;
}

const STATUSES = ['validating', 'in_progress', 'finalizing', 'completed'];

/** `answer` gives a chat line's content, `image` the base64 of every generated picture. */
export function createBatchApiDouble(answer: (line: BatchRequestLine) => string, image: string): BatchApiDouble {
  const files = new Map<string, string>();
  let ids = 0;
  const send = (res: http.ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const invalid = (res: http.ServerResponse, message: string) =>
    send(res, 400, { error: { message, type: 'invalid_request_error', param: null, code: null } });

  const view = (b: DoubleBatch) => ({
    id: b.id,
    object: 'batch',
    endpoint: b.endpoint,
    input_file_id: b.input_file_id,
    completion_window: '24h',
    status: b.status,
    output_file_id: b.output_file_id,
    error_file_id: b.error_file_id,
    request_counts: countsOf(b),
  });

  /** Answers the batch's lines up to `count` (each decided once: `failLine` may count its calls). */
  const answerUpTo = (b: DoubleBatch, count: number) => {
    while (b.failed.length < count) b.failed.push(double.failLine(b.lines[b.failed.length]));
  };

  /** As OpenAI counts a batch's lines: growing while in_progress, all of them once it is past that. */
  const countsOf = (b: DoubleBatch) => {
    const total = b.lines.length;
    if (b.status === 'expired') return { total, completed: 0, failed: total };
    if (b.status === 'in_progress' && !b.expiring) {
      // Line i is answered (i + 1) / (total + 1) of the way through the status: one line is answered halfway.
      const through = (Date.now() - (b.nextAt - double.stepMs)) / double.stepMs;
      answerUpTo(b, Math.min(double.holdInProgress ? total - 1 : total, Math.floor(through * (total + 1))));
    }
    const failed = b.failed.filter(Boolean).length;
    return { total, completed: b.failed.length - failed, failed };
  };

  /** Moves a batch on by the time passed; at its end writes its output and error files. */
  const advance = (b: DoubleBatch) => {
    while (Date.now() >= b.nextAt && !['completed', 'expired', 'cancelled', 'failed'].includes(b.status)) {
      if (b.status === 'in_progress' && double.holdInProgress) break;
      b.nextAt += double.stepMs;
      if (b.status === 'cancelling') {
        b.status = 'cancelled';
        break;
      }
      if (b.status === 'in_progress' && b.expiring) {
        b.status = 'expired';
        const errors = b.lines.map((l) => ({
          id: `batch_req_${++ids}`,
          custom_id: l.custom_id,
          response: null,
          error: { code: 'batch_expired', message: 'This request could not be executed before the completion window expired.' },
        }));
        b.error_file_id = `file-${++ids}`;
        files.set(b.error_file_id, errors.map((e) => JSON.stringify(e)).join('\n'));
        break;
      }
      b.status = STATUSES[STATUSES.indexOf(b.status) + 1];
      if (b.status === 'in_progress' && double.expireNext > 0) {
        double.expireNext--;
        b.expiring = true;
      }
      if (b.status === 'finalizing') answerUpTo(b, b.lines.length);
      if (b.status === 'completed') {
        const out: string[] = [];
        const errors: string[] = [];
        for (const [i, l] of b.lines.entries()) {
          if (b.failed[i]) {
            errors.push(
              JSON.stringify({
                id: `batch_req_${++ids}`,
                custom_id: l.custom_id,
                response: {
                  status_code: 500,
                  request_id: `req_${ids}`,
                  body: { error: { message: 'The server had an error', type: 'server_error' } },
                },
                error: null,
              }),
            );
            continue;
          }
          const body =
            l.url === '/v1/images/generations'
              ? { created: Math.floor(Date.now() / 1000), data: [{ b64_json: image }] }
              : {
                  id: `chatcmpl-${ids + 1}`,
                  object: 'chat.completion',
                  choices: [{ index: 0, message: { role: 'assistant', content: answer(l) }, finish_reason: 'stop' }],
                };
          out.push(
            JSON.stringify({
              id: `batch_req_${++ids}`,
              custom_id: l.custom_id,
              response: { status_code: 200, request_id: `req_${ids}`, body },
              error: null,
            }),
          );
        }
        if (out.length) files.set((b.output_file_id = `file-${++ids}`), out.join('\n'));
        if (errors.length) files.set((b.error_file_id = `file-${++ids}`), errors.join('\n'));
      }
    }
  };

  /** The checks OpenAI makes of an input file; the reason it is refused, or null. */
  const checkJsonl = (text: string): string | null => {
    const seen = new Set<string>();
    const lines = text.split('\n').filter((l) => l.trim());
    if (lines.length === 0) return 'The file is empty';
    for (const [i, raw] of lines.entries()) {
      let line: BatchRequestLine;
      try {
        line = JSON.parse(raw);
      } catch {
        return `Line ${i + 1} is not JSON`;
      }
      if (typeof line.custom_id !== 'string' || !line.custom_id) return `Line ${i + 1} has no custom_id`;
      if (seen.has(line.custom_id)) return `Line ${i + 1}: custom_id ${line.custom_id} is used twice`;
      seen.add(line.custom_id);
      if (line.method !== 'POST') return `Line ${i + 1}: method must be POST`;
      if (!ENDPOINTS.includes(line.url)) return `Line ${i + 1}: url must be one of ${ENDPOINTS.join(', ')}`;
      if (typeof line.body?.model !== 'string') return `Line ${i + 1}: body needs model`;
      if (line.url === '/v1/chat/completions' && !Array.isArray(line.body.messages)) return `Line ${i + 1}: body needs messages`;
      if (line.url === '/v1/images/generations' && (typeof line.body.prompt !== 'string' || !line.body.prompt))
        return `Line ${i + 1}: body needs prompt`;
    }
    return null;
  };

  const double: BatchApiDouble = {
    stepMs: 50,
    holdInProgress: false,
    batches: [],
    refusedUploads: [],
    failLine: () => false,
    expireNext: 0,
    async handle(req, res, raw) {
      const path = (req.url ?? '').replace(/^\/v1/, '');
      if (req.method === 'POST' && path === '/files') {
        const form = await new Request('http://double/files', {
          method: 'POST',
          headers: req.headers as HeadersInit,
          body: new Uint8Array(raw),
        }).formData();
        const file = form.get('file');
        const refusal =
          form.get('purpose') !== 'batch'
            ? 'purpose must be batch'
            : !(file instanceof Blob)
              ? 'file is missing'
              : checkJsonl(await file.text());
        if (refusal) {
          double.refusedUploads.push(refusal);
          invalid(res, refusal);
          return true;
        }
        const id = `file-${++ids}`;
        files.set(id, await (file as Blob).text());
        send(res, 200, { id, object: 'file', purpose: 'batch', bytes: (file as Blob).size, filename: 'batch.jsonl' });
        return true;
      }
      if (req.method === 'POST' && path === '/batches') {
        const body = JSON.parse(raw.toString() || '{}') as { input_file_id?: string; endpoint?: string; completion_window?: string };
        if (!ENDPOINTS.includes(body.endpoint ?? '')) return (invalid(res, `endpoint must be one of ${ENDPOINTS.join(', ')}`), true);
        if (body.completion_window !== '24h') return (invalid(res, 'completion_window must be 24h'), true);
        const input = body.input_file_id ? files.get(body.input_file_id) : undefined;
        if (input === undefined) return (invalid(res, `No such file: ${body.input_file_id}`), true);
        const lines = input.split('\n').map((l) => JSON.parse(l) as BatchRequestLine);
        const astray = lines.find((l) => l.url !== body.endpoint);
        if (astray) {
          double.refusedUploads.push(`${astray.custom_id} is not for ${body.endpoint}`);
          return (invalid(res, `The url of ${astray.custom_id} does not match the batch's endpoint ${body.endpoint}`), true);
        }
        const batch: DoubleBatch = {
          id: `batch_${++ids}`,
          endpoint: body.endpoint as string,
          status: 'validating',
          input_file_id: body.input_file_id as string,
          output_file_id: null,
          error_file_id: null,
          lines,
          nextAt: Date.now() + double.stepMs,
          failed: [],
          expiring: false,
        };
        double.batches.push(batch);
        send(res, 200, view(batch));
        return true;
      }
      const batchPath = path.match(/^\/batches\/([^/]+)(\/cancel)?$/);
      if (batchPath) {
        const batch = double.batches.find((b) => b.id === batchPath[1]);
        if (!batch) return (send(res, 404, { error: { message: 'No such batch' } }), true);
        advance(batch);
        if (batchPath[2] && req.method === 'POST' && !['completed', 'expired', 'cancelled', 'failed'].includes(batch.status)) {
          batch.status = 'cancelling';
          batch.nextAt = Date.now() + double.stepMs;
        }
        send(res, 200, view(batch));
        return true;
      }
      const content = path.match(/^\/files\/([^/]+)\/content$/);
      if (content && req.method === 'GET') {
        const text = files.get(content[1]);
        if (text === undefined) return (send(res, 404, { error: { message: 'No such file' } }), true);
        res.writeHead(200, { 'content-type': 'application/jsonl' }).end(text);
        return true;
      }
      return false;
    },
  };
  return double;
}
