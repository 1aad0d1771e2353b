import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { InvitedAccount } from '../../../contract/schemas/invite';
import { inviteSummary, listInvited, maskUsername } from '../../domain/access/invites';
import { qrDataUrl } from '../../domain/access/qrImage';
import { authOf } from '../authPlugin';
import { dateTime } from '../../../contract/dateTime';
import { ok } from '../envelope';
import { inviteEndpoints } from '../../../contract/endpoints/invite';
import { routesOf } from '../serve';
import { pageWindow } from '../../domain/pageWindow';

const tags = ['invitereg'];

/** Invite registration: the account's invite code and link, the rewards, the accounts it brought. */
const inviteRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const route = routesOf(app, { tags });

  route(inviteEndpoints.inviteInfo, { permission: 'signedIn' }, async (request) => {
    const { account } = authOf(request);
    const link = `${ctx.config.publicUrl}/login?invite=${encodeURIComponent(account.inviteCode)}`;
    const [summary, qr] = await Promise.all([inviteSummary(ctx.db, request.accountId), qrDataUrl(link)]);
    const r = ctx.config.invite;
    return ok({
      code: account.inviteCode,
      link,
      qr,
      rewards: {
        inviter_points: r.inviterPoints,
        invitee_points: r.inviteePoints,
        first_topup_points: r.firstTopupPoints,
        daily_limit_per_ip: r.dailyPerIp,
      },
      invited: summary.invited,
      rewarded: summary.rewarded,
      total_earned: summary.earned,
    });
  });

  route(inviteEndpoints.inviteList, { permission: 'signedIn' }, async (request) => {
    const [rows, summary] = await Promise.all([
      listInvited(ctx.db, request.accountId, { ...pageWindow(request.query) }),
      inviteSummary(ctx.db, request.accountId),
    ]);
    return ok({
      list: rows.map(({ reg, username }) => ({
        id: reg.id,
        username: maskUsername(username),
        created_at: dateTime(reg.createdAt),
        reward: reg.inviterPoints + reg.firstTopupPoints,
        withheld_reason: reg.withheldReason as InvitedAccount['withheld_reason'],
      })),
      total: summary.invited,
    });
  });
};

export default inviteRoutes;
