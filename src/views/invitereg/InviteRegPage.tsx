import { Badge, Box, Card, HStack, Image, SimpleGrid, Stack, Stat, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { InvitedAccount } from '../../../contract/schemas/invite';
import { firstPageOf, useListActor } from '../../app/useListActor';
import { PageLoading } from '../../components/feedback/PageLoading';
import { FailureAlert } from '../../components/form/FailureAlert';
import type { Column } from '../../components/table/DataTable';
import { ListTable } from '../../components/table/ListTable';
import { PageHeader } from '../../components/table/PageHeader';
import { inviteAhead, invitedRows, useInvite } from './api';
import { CopyLine } from '../../components/SecretBlock';

/** What the page asks for when it opens (sent at the click). */
export const loadsAhead = () => [inviteAhead(), firstPageOf(invitedRows)];

/** /invitereg (spec §2): the account's invite code and link with a QR code, the rewards in force, the accounts it brought. */
export default function InviteRegPage() {
  const { t, ready } = useTranslation('invite');
  const info = useInvite();
  const list = useListActor<InvitedAccount>(invitedRows);
  if (!ready || (info.state !== 'succeeded' && !info.error)) return <PageLoading />;
  const data = info.result;

  const columns: Column<InvitedAccount>[] = [
    { key: 'username', header: t('invite.fields.username'), render: (row) => <Text fontFamily="mono">{row.username}</Text> },
    { key: 'when', header: t('invite.fields.when'), render: (row) => <Text whiteSpace="nowrap">{row.created_at}</Text> },
    {
      key: 'reward',
      header: t('invite.fields.reward'),
      render: (row) =>
        row.withheld_reason ? (
          <Badge colorPalette="orange" title={t(`invite.withheld.${row.withheld_reason}Hint`)}>
            {t(`invite.withheld.${row.withheld_reason}`)}
          </Badge>
        ) : (
          <Badge colorPalette="green">+{row.reward}</Badge>
        ),
    },
  ];

  return (
    <Stack gap="4">
      <PageHeader title={t('routes.invitereg.invitereg')} description={t('invite.description')} />
      <FailureAlert failure={info.error} />
      {data && (
        <SimpleGrid columns={{ base: 1, lg: 3 }} gap="4">
          <Card.Root gridColumn={{ lg: 'span 2' }}>
            <Card.Body>
              <HStack gap="6" align="flex-start" flexWrap={{ base: 'wrap', md: 'nowrap' }}>
                <Stack gap="3" flex="1" minW="0">
                  <CopyLine label={t('invite.code')} value={data.code} testId="invite-code" />
                  <CopyLine label={t('invite.link')} value={data.link} testId="invite-link" />
                </Stack>
                <Box borderWidth="1px" borderRadius="md" p="2" bg="white" flexShrink={0}>
                  <Image src={data.qr} alt={t('invite.qr')} boxSize="36" />
                </Box>
              </HStack>
            </Card.Body>
          </Card.Root>
          <Card.Root>
            <Card.Header>
              <Card.Title textStyle="md">{t('invite.rewards.title')}</Card.Title>
            </Card.Header>
            <Card.Body>
              <Stack gap="1.5" textStyle="sm" data-testid="invite-rewards">
                <Text>{t('invite.rewards.inviter', { points: data.rewards.inviter_points })}</Text>
                <Text>{t('invite.rewards.invitee', { points: data.rewards.invitee_points })}</Text>
                {data.rewards.first_topup_points > 0 && (
                  <Text>{t('invite.rewards.firstTopUp', { points: data.rewards.first_topup_points })}</Text>
                )}
                {data.rewards.daily_limit_per_ip > 0 && (
                  <Text color="fg.muted" textStyle="xs">
                    {t('invite.rewards.limit', { count: data.rewards.daily_limit_per_ip })}
                  </Text>
                )}
                <Text color="fg.muted" textStyle="xs">
                  {t('invite.rewards.self')}
                </Text>
              </Stack>
            </Card.Body>
          </Card.Root>
        </SimpleGrid>
      )}
      {data && (
        <HStack gap="4" wrap="wrap">
          <Stat.Root borderWidth="1px" borderRadius="md" p="3" maxW="56">
            <Stat.Label>{t('invite.stats.invited')}</Stat.Label>
            <Stat.ValueText data-testid="invite-invited">{data.invited}</Stat.ValueText>
          </Stat.Root>
          <Stat.Root borderWidth="1px" borderRadius="md" p="3" maxW="56">
            <Stat.Label>{t('invite.stats.earned')}</Stat.Label>
            <Stat.ValueText data-testid="invite-earned">{data.total_earned}</Stat.ValueText>
          </Stat.Root>
        </HStack>
      )}
      <ListTable list={list} label={t('invite.fields.list')} columns={columns} rowKey={(row) => row.id} />
    </Stack>
  );
}
