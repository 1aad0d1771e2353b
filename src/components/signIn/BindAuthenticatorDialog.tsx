import { Button, Dialog } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useSessionActor } from '../../app/AppActorProvider';
import { FormDialog } from '../feedback/FormDialog';
import { FormAlert } from '../form/FormAlert';
import { BindAuthenticatorForm } from './BindAuthenticatorForm';

/** Binding a Google authenticator to the account (reachable from the user menu); one per account. */
export function BindAuthenticatorDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const session = useSessionActor();
  const alreadyBound = useSelector(session, (state) => Boolean(state.context.user?.isBindGoogle));
  return (
    <FormDialog open={open} onClose={onClose} title={t('layout.authenticator.title')} size="md">
      {alreadyBound ? (
        <>
          <Dialog.Body>
            <FormAlert status="info" message={t('layout.authenticator.alreadyBound')} />
          </Dialog.Body>
          <Dialog.Footer>
            <Button colorPalette="brand" onClick={onClose}>
              {t('common.closeText')}
            </Button>
          </Dialog.Footer>
        </>
      ) : (
        <BindAuthenticatorForm onDone={onClose} />
      )}
    </FormDialog>
  );
}
