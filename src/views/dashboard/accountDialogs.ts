import { lazy } from 'react';
import { withPacks } from '../../i18n/withPacks';

/*
 * The account page's top-up and account modals, opened on the dashboard (spec §2
 * /dashboard/analysis): each its own chunk, loaded with the account pack at the first click, so
 * the first screen does not carry them.
 */
export const RechargeDialog = lazy(
  withPacks(['account'], () => import('../../components/account/RechargeDialog').then((module) => ({ default: module.RechargeDialog }))),
);
export const ProfileDialog = lazy(
  withPacks(['account'], () => import('../../components/account/ProfileDialog').then((module) => ({ default: module.ProfileDialog }))),
);
