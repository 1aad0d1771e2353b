import { lazy, Suspense, useEffect, useState } from 'react';
import { Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { notifications } from '../../app/notifications';
import type { Notice } from '../../shared/notice';
import { toaster } from '../../components/feedback/toaster';
import { withConsoleTheme } from '../../components/theme/withConsoleTheme';

// The dialog's code (focus trap, portal) and recipes load with the first dialog, not with the login page.
const NoticeDialog = lazy(withConsoleTheme(() => import('./NoticeDialog').then((module) => ({ default: module.NoticeDialog }))));
const PointsNotice = lazy(withConsoleTheme(() => import('./PointsNotice').then((module) => ({ default: module.PointsNotice }))));

/**
 * Shows what the request layer reports (spec §8): messages as toasts (3 s, top right), modal
 * messages as dialogs, and "not enough points" as a dialog whose button leads to the account page
 * (./PointsNotice).
 */
export function Notifications() {
  const { t } = useTranslation();
  const [dialogs, setDialogs] = useState<Notice[]>([]);

  useEffect(
    () =>
      notifications.subscribe((event) => {
        if (event.type === 'closeAll') {
          toaster.dismiss();
          setDialogs([]);
          return;
        }
        const { notice } = event;
        const text = notice.translate ? t(notice.text) : notice.text;
        if (notice.kind === 'message') toaster.create({ type: 'error', title: text, closable: true });
        else setDialogs((open) => [...open, notice]);
      }),
    [t],
  );

  const current = dialogs[0];
  if (!current) return null;
  const close = () => setDialogs((open) => open.slice(1));
  const text = current.translate ? t(current.text) : current.text;

  if (current.kind === 'confirmPoints')
    return (
      <Suspense fallback={null}>
        <PointsNotice text={text} {...(current.titleKey ? { titleKey: current.titleKey } : {})} onClose={close} />
      </Suspense>
    );
  return (
    <Suspense fallback={null}>
      <NoticeDialog open title={t(current.titleKey ?? 'sys.api.errorTip')} text={text} onClose={close}>
        <Button colorPalette="brand" onClick={close}>
          {t('common.okText')}
        </Button>
      </NoticeDialog>
    </Suspense>
  );
}
