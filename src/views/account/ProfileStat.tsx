import { useState } from 'react';
import { Button, HStack, Stat } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useSessionActor } from '../../app/AppActorProvider';
import { ProfileDialog } from '../../components/account/ProfileDialog';

/** The account page's card of the signed-in user: their name and e-mail, and the profile editor. */
export function ProfileStat() {
  const { t } = useTranslation('account');
  const session = useSessionActor();
  const user = useSelector(session, (state) => state.context.user);
  const [editing, setEditing] = useState(false);
  return (
    <Stat.Root borderWidth="1px" borderRadius="lg" p="4" bg="bg.panel">
      <Stat.Label>{t('account.username')}</Stat.Label>
      {/* A definition list holds only terms and definitions: the row and the e-mail are definitions too. */}
      <HStack as="dd" justify="space-between">
        <Stat.ValueText as="span">{user?.realName || user?.username || '—'}</Stat.ValueText>
        <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
          {t('account.profile.edit')}
        </Button>
      </HStack>
      <Stat.HelpText as="dd">{user?.email || t('account.noEmail')}</Stat.HelpText>
      {user && editing && (
        <ProfileDialog open user={user} onClose={() => setEditing(false)} onSaved={() => session.send({ type: 'USER.RELOAD' })} />
      )}
    </Stat.Root>
  );
}
