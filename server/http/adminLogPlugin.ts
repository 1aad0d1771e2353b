import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiPath } from '../../contract/paths';
import { loginSubject, purgeOldAdminLogs, recordAdminLog } from '../domain/system/adminLog';
import { actorOfSession } from '../domain/access/signInAs';
import { clientOf } from './client';

/**
 * One hook records every write in the admin log: each non-GET route answered to a
 * signed-in caller, and the login calls (success and failure) of the public routes. The entry
 * names who (the signed-in user; for a login the account named), the data account, the route,
 * the resource and its id, the answer's status and code, the address and user agent, and the
 * fields sent (secrets masked) as `after`.
 */
const LOGIN_ROUTES = new Set<string>([ApiPath.login, ApiPath.loginMobile, ApiPath.register, ApiPath.resetPassword]);
/** Writes that are not changes of the account: the console's own error reports. */
const SKIPPED = new Set<string>([ApiPath.errorLogAdd]);

const lastSegment = (url: string) => url.slice(url.lastIndexOf('/') + 1);
const resourceOf = (url: string) => url.replace(/^\/(api|admin)\/v1\//, '').replace(/\/[^/]*$/, '') || url;

function actionOf(url: string, ok: boolean): string {
  if (LOGIN_ROUTES.has(url) && url !== ApiPath.resetPassword)
    return ok ? (url === ApiPath.register ? 'register' : 'login') : 'login_failed';
  const last = lastSegment(url);
  return (
    {
      add: 'create',
      edit: 'edit',
      del: 'delete',
      logout: 'logout',
      password_edit: 'password',
      reset_password: 'password',
      bind_google_captcha: 'second_factor',
    }[last] ?? last
  );
}

function envelopeOf(payload: unknown): { code: number | null; data: Record<string, unknown> | null } {
  if (typeof payload !== 'string' || payload.length > 200_000 || !payload.startsWith('{')) return { code: null, data: null };
  try {
    const parsed = JSON.parse(payload) as { code?: number; data?: unknown };
    const data =
      parsed.data && typeof parsed.data === 'object' && !Array.isArray(parsed.data) ? (parsed.data as Record<string, unknown>) : null;
    return { code: typeof parsed.code === 'number' ? parsed.code : null, data };
  } catch {
    return { code: null, data: null };
  }
}

function resourceIdOf(request: FastifyRequest, data: Record<string, unknown> | null): string | null {
  const body = request.body as Record<string, unknown> | undefined;
  const id = (body && typeof body === 'object' && (body.id ?? body.site_id ?? body.menu_id)) ?? data?.id;
  return typeof id === 'number' || typeof id === 'string' ? String(id) : null;
}

export const adminLogPlugin = fp(async (app: FastifyInstance) => {
  const { ctx } = app;
  app.addHook('onSend', async (request, reply, payload) => {
    const url = request.routeOptions.url;
    if (!url || request.method === 'GET' || request.method === 'HEAD' || SKIPPED.has(url)) return payload;
    const isLogin = LOGIN_ROUTES.has(url);
    if (!request.auth && !isLogin) return payload;
    const { code, data } = envelopeOf(payload);
    const succeeded = reply.statusCode === 200 && (code === 200 || code === 0);
    const body = request.body && typeof request.body === 'object' && !request.isMultipart() ? request.body : null;
    const client = clientOf(request);
    try {
      let who: { actorId: number | null; accountId: number | null; actorName: string };
      // In a session the operator started ("sign in as"), the operator acting as the user.
      if (request.auth) who = { ...(await actorOfSession(ctx, request.auth)), accountId: request.accountId };
      else {
        const named = body as { username?: unknown } | null;
        who = await loginSubject(
          ctx,
          succeeded && typeof data?.id === 'number'
            ? { id: data.id }
            : { username: typeof named?.username === 'string' ? named.username : undefined },
        );
      }
      await recordAdminLog(ctx, {
        ...who,
        action: actionOf(url, succeeded),
        method: request.method,
        route: url,
        resource: resourceOf(url),
        resourceId: resourceIdOf(request, data),
        status: reply.statusCode,
        code,
        ip: client.ip,
        userAgent: client.userAgent,
        after: body,
      });
    } catch (error) {
      request.log.error({ err: error }, 'admin log entry not written');
    }
    return payload;
  });

  // Retention: purge at start and once a day.
  const purge = () => purgeOldAdminLogs(ctx).catch((error) => app.log.error({ err: error }, 'admin log purge failed'));
  app.addHook('onReady', async () => {
    await purge();
  });
  const timer = setInterval(purge, 86_400_000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
});
