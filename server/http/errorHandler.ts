import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ResultCode } from '../../contract/codes';
import { DomainError } from '../domain/errors';
import { render, type MessageKey, type MessageParams } from '../i18n/messages';
import { acceptLanguageIn, parseAcceptLanguage } from '../i18n/acceptLanguage';
import { describeValidationError } from './validation';

/** busboy's own complaints about a broken multipart body carry no code (nor a status). */
export const isMalformedMultipart = (error: unknown) =>
  error instanceof Error &&
  !('code' in error) &&
  !('statusCode' in error) &&
  /multipart|terminated early|unexpected end of form|malformed part header|boundary/i.test(error.message);

const reply = (res: FastifyReply, status: number, code: number, msg: string) =>
  res.status(status).type('application/json').send({ code, msg, data: null });

/** Every failure becomes the envelope of DESIGN.md §3; a stack trace never reaches a client. */
export function errorHandler(error: FastifyError | DomainError, request: FastifyRequest, res: FastifyReply) {
  const say = (status: number, code: number, key: MessageKey, params?: MessageParams) =>
    reply(res, status, code, render(request.language, { key, params }));
  if (error instanceof DomainError) return reply(res, error.status, error.code, render(request.language, error.text));

  const fe = error as FastifyError;
  if (fe.validation) {
    return reply(
      res,
      400,
      ResultCode.INVALID_INPUT,
      render(
        request.language,
        describeValidationError(fe.validation, fe.validationContext ?? 'body', request.routeOptions.config?.fieldLabels),
      ),
    );
  }
  switch (fe.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
      return say(413, ResultCode.TOO_LARGE, 'http.tooLarge');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return say(415, ResultCode.INVALID_INPUT, 'http.contentType', { type: request.headers['content-type'] ?? '(none)' });
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return say(400, ResultCode.INVALID_INPUT, 'http.emptyJson');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return say(400, ResultCode.INVALID_INPUT, 'http.invalidJson');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return say(400, ResultCode.INVALID_INPUT, 'http.multipartExpected');
  }
  if (isMalformedMultipart(error)) return say(400, ResultCode.INVALID_INPUT, 'http.multipartMalformed', { reason: error.message });
  if (fe.statusCode === 429) return say(429, ResultCode.RATE_LIMITED, 'http.tooMany');
  if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
    return say(fe.statusCode, fe.statusCode, 'http.refused', { reason: fe.message });
  }
  request.log.error({ err: error }, 'unhandled error');
  return say(500, ResultCode.SERVER_ERROR, 'http.serverError');
}

/**
 * A request Node's HTTP parser refuses before Fastify sees it (headers too large: 431; a broken
 * request line or header: 400; too slow: 408) still gets the envelope, then the connection closes.
 * There is no request to ask its language: the bytes that arrived are read for `Accept-Language`.
 */
export function clientErrorHandler(error: Error & { code?: string; rawPacket?: unknown }, socket: Socket) {
  if (error.code === 'ECONNRESET' || error.code === 'EPIPE' || !socket.writable) return void socket.destroy();
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const [code, key]: [number, MessageKey] =
    status === 431
      ? [ResultCode.TOO_LARGE, 'http.headersTooLarge']
      : status === 408
        ? [ResultCode.TIMEOUT, 'http.requestTooSlow']
        : [ResultCode.INVALID_INPUT, 'http.requestMalformed'];
  const asked = parseAcceptLanguage(acceptLanguageIn(Buffer.isBuffer(error.rawPacket) ? error.rawPacket : undefined));
  const language = asked === 'unusable' ? 'zh_CN' : (asked ?? 'en');
  const body = JSON.stringify({ code, msg: render(language, { key }), data: null });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
