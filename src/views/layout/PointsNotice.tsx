import { Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { useCan } from '../../app/useCan';
import { ConsolePath } from '../../../contract/paths';
import { NoticeDialog } from './NoticeDialog';

/**
 * "Not enough points" (spec §8): a dialog whose button leads to the account page's top-up for a
 * user who may top up; anyone else is told to ask the account's owner, and offered no way there.
 * Only a signed-in console spends points: its check of what the user may do loads with this dialog,
 * not with the login page.
 */
export function PointsNotice({ text, titleKey, onClose }: { text: string; titleKey?: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const canTopUp = useCan()('account:topup');
  return (
    <NoticeDialog
      open
      title={t(titleKey ?? 'sys.api.operationFailed')}
      text={canTopUp ? text : t('sys.api.pointsNotEnoughAskOwner')}
      onClose={onClose}
    >
      {canTopUp ? (
        <>
          <Button variant="outline" onClick={onClose}>
            {t('common.cancelText')}
          </Button>
          <Button
            colorPalette="brand"
            onClick={() => {
              onClose();
              navigate(`${ConsolePath.account}?recharge=1`);
            }}
          >
            {t('layout.notification.goToTopUp')}
          </Button>
        </>
      ) : (
        <Button colorPalette="brand" onClick={onClose}>
          {t('common.okText')}
        </Button>
      )}
    </NoticeDialog>
  );
}
