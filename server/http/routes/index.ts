import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authPlugin } from '../authPlugin';
import publicRoutes from './public';
import captchaRoutes from './captcha';
import authRoutes from './auth';
import userRoutes from './user';
import googleRoutes from './google';
import emailRoutes from './email';
import mobileRoutes from './mobile';
import qrRoutes from './qr';
import menuRoutes from './menus';
import accessRoutes from './access';
import uploadRoutes from './upload';
import outboxRoutes from './outbox';
import siteRoutes from './site';
import siteLinkRoutes from './site_link';
import promptRoutes from './prompt';
import articleTaskRoutes from './article_task';
import articleRoutes from './article';
import articleVersionRoutes from './article_version';
import articleRefreshRoutes from './article_refresh';
import pointsRoutes from './points';
import providerRoutes from './provider';
import errorLogRoutes from './error_log';
// Notices and work orders.
import noticeRoutes from './notice';
import workorderRoutes from './workorder';
// API access keys and invite registration
import accessKeyRoutes from './accesskey';
import inviteRoutes from './invitereg';
/* Top-up and the dashboard. */
import topupRoutes from './topup';
import dashboardRoutes from './dashboard';
// Publishing tasks.
import taskRoutes from './task';
// Sub-accounts, roles, the admin log.
import systemRoutes from './system';
import { adminLogPlugin } from '../adminLogPlugin';
import sessionRoutes from './sessions'; // Sign in as a user, the user's sessions

/**
 * Every resource's routes; one file each (DESIGN.md §1). The auth hook lives in this scope, so it
 * guards exactly these routes (the docs and static files are outside it).
 */
export const routes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(authPlugin);
  await app.register(adminLogPlugin);
  await app.register(publicRoutes);
  await app.register(captchaRoutes);
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(googleRoutes);
  await app.register(emailRoutes);
  await app.register(mobileRoutes);
  await app.register(qrRoutes);
  await app.register(menuRoutes);
  await app.register(accessRoutes);
  await app.register(uploadRoutes);
  // Notices and work orders.
  await app.register(noticeRoutes);
  await app.register(workorderRoutes);
  await app.register(outboxRoutes);
  await app.register(siteRoutes);
  await app.register(siteLinkRoutes);
  await app.register(promptRoutes);
  await app.register(accessKeyRoutes);
  await app.register(inviteRoutes);
  await app.register(articleTaskRoutes);
  await app.register(articleRoutes);
  await app.register(articleVersionRoutes);
  await app.register(articleRefreshRoutes);
  await app.register(pointsRoutes);
  /* Top-up. */
  await app.register(topupRoutes);
  await app.register(dashboardRoutes);
  await app.register(providerRoutes);
  await app.register(errorLogRoutes);
  // Publishing tasks.
  await app.register(taskRoutes);
  await app.register(systemRoutes);
  await app.register(sessionRoutes); // Sign in as a user, the user's sessions
};
