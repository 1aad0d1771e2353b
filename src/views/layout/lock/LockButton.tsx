import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLockActor } from '../../../app/AppActorProvider';
import { HeaderAction } from '../HeaderAction';

/** Locks the screen now. */
export function LockButton() {
  const { t } = useTranslation();
  const lock = useLockActor();
  return (
    <HeaderAction label={t('layout.lock.lockScreen')} onClick={() => lock.send({ type: 'LOCK' })}>
      <Lock />
    </HeaderAction>
  );
}
