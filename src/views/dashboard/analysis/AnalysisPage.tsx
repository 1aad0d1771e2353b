import { useState } from 'react';
import { Button, SimpleGrid, Stack } from '@chakra-ui/react';
import { Coins, ShieldCheck, ShieldAlert, UserRound } from 'lucide-react';
import { useSelector } from '@xstate/react';
import { useLocation } from 'wouter';
import { useTranslation } from 'react-i18next';
import { useSessionActor } from '../../../app/AppActorProvider';
import { PageLoading } from '../../../components/feedback/PageLoading';
import { BindAuthenticatorDialog } from '../../layout/BindAuthenticatorDialog';
import { StatCard } from './StatCard';
import { WelcomeCard } from './WelcomeCard';
import { ModelNotice } from '../../model/ModelNotice';

/** /dashboard/analysis: the signed-in user and their account's figures (charts come with their data). */
export default function AnalysisPage() {
  const { t, i18n } = useTranslation();
  const session = useSessionActor();
  const user = useSelector(session, (state) => state.context.user);
  const [, navigate] = useLocation();
  const [binding, setBinding] = useState(false);
  if (!user) return <PageLoading />;

  const numberLocale = i18n.language === 'en' ? 'en-US' : 'zh-CN';
  const notSet = t('dashboard.analysis.notSet');
  return (
    <Stack gap="4">
      <WelcomeCard user={user} />
      <ModelNotice />
      <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
        <StatCard
          label={t('dashboard.analysis.points')}
          value={<span data-testid="points-balance">{user.points.toLocaleString(numberLocale)}</span>}
          hint={t('dashboard.analysis.pointsHint')}
          icon={<Coins size={22} />}
          palette="brand"
          action={
            <Button size="xs" variant="subtle" colorPalette="brand" onClick={() => navigate('/account')}>
              {t('dashboard.analysis.topUp')}
            </Button>
          }
        />
        <StatCard
          label={t('dashboard.analysis.authenticator')}
          value={t(user.isBindGoogle ? 'dashboard.analysis.authenticatorOn' : 'dashboard.analysis.authenticatorOff')}
          hint={t(user.isBindGoogle ? 'dashboard.analysis.authenticatorOnHint' : 'dashboard.analysis.authenticatorOffHint')}
          icon={user.isBindGoogle ? <ShieldCheck size={22} /> : <ShieldAlert size={22} />}
          palette={user.isBindGoogle ? 'green' : 'orange'}
          action={
            user.isBindGoogle ? null : (
              <Button size="xs" variant="subtle" colorPalette="orange" onClick={() => setBinding(true)}>
                {t('dashboard.analysis.bindNow')}
              </Button>
            )
          }
        />
        <StatCard
          label={t('dashboard.analysis.account')}
          value={user.username}
          hint={`${t('dashboard.analysis.email')}: ${user.email || notSet} · ${t('dashboard.analysis.mobile')}: ${user.mobile || notSet}`}
          icon={<UserRound size={22} />}
          palette="purple"
        />
      </SimpleGrid>
      <BindAuthenticatorDialog open={binding} onClose={() => setBinding(false)} />
    </Stack>
  );
}
