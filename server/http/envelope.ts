import { Type, type TSchema } from 'typebox';
import { ResultCode } from '../../contract/codes';

/** `{ code: 200, msg, data }`: every successful answer. */
export const ok = <T>(data: T, msg = 'ok') => ({ code: ResultCode.SUCCESS, msg, data });

/**
 * The response schema of a route: the envelope around `data`, which is null when the answer is a
 * business refusal (HTTP 200 with its own code). It also keeps fields out that the contract
 * does not name, so no internal column leaks.
 */
export const Reply = <T extends TSchema>(data: T) =>
  Type.Object({ code: Type.Integer(), msg: Type.String(), data: Type.Union([data, Type.Null()]) });

export const ErrorReply = Type.Object({ code: Type.Integer(), msg: Type.String(), data: Type.Null() });

/** The statuses any route may answer besides 200, for the OpenAPI document. */
export const errorReplies = {
  400: ErrorReply,
  401: ErrorReply,
  403: ErrorReply,
  429: ErrorReply,
};

/** The statuses of a route about one row, which may not exist (or not be the caller's). */
export const withNotFound = { ...errorReplies, 404: ErrorReply };
