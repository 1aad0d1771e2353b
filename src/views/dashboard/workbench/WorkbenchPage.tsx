import { Suspense, useState } from 'react';
import { Badge, Button, Card, Heading, HStack, Progress, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { FilePlus2, Files, Globe, Wallet } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { useTranslation } from 'react-i18next';
import { useSessionActor } from '../../../app/AppActorProvider';
import { useCan } from '../../../app/useCan';
import { FailureAlert } from '../../../components/form/FailureAlert';
import { latestWorkAhead, useLatestArticles, useLatestTasks } from '../api';
import { RechargeDialog } from '../accountDialogs';
import { ConsolePath } from '../../../../contract/paths';
import { fillPath } from '../../../shared/routePattern';

/** What the page asks for when it opens (sent at the click). */
export const loadsAhead = () => latestWorkAhead();

/** /dashboard/workbench: quick actions, the latest generation tasks with their progress, recent articles. */
export default function WorkbenchPage() {
  const { t } = useTranslation('dashboard');
  const [, navigate] = useLocation();
  const tasks = useLatestTasks();
  const articles = useLatestArticles();
  const can = useCan();
  const session = useSessionActor();
  // The top-up dialog opens here, as on the overview; closed, it leaves the page as it was.
  const [recharging, setRecharging] = useState(false);
  const go = (to: string) => () => navigate(to);
  // Only what the user may do: buying points is the account owner's.
  const actions = [
    { key: 'newTask', icon: <FilePlus2 />, run: go(ConsolePath.articleTask) },
    { key: 'sites', icon: <Globe />, run: go(ConsolePath.site) },
    { key: 'articles', icon: <Files />, run: go(ConsolePath.article) },
    ...(can('account:topup') ? [{ key: 'topUp', icon: <Wallet />, run: () => setRecharging(true) }] : []),
  ];
  return (
    <Stack gap="4">
      <Card.Root variant="elevated" bg="bg.panel">
        <Card.Header>
          <Heading size="md">{t('dashboard.workbench.quick')}</Heading>
        </Card.Header>
        <Card.Body>
          <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
            {actions.map((a) => (
              <Button key={a.key} variant="subtle" colorPalette="brand" h="16" onClick={a.run}>
                {a.icon} {t(`dashboard.workbench.actions.${a.key}`)}
              </Button>
            ))}
          </SimpleGrid>
        </Card.Body>
      </Card.Root>
      <SimpleGrid columns={{ base: 1, xl: 2 }} gap="4">
        <Card.Root variant="elevated" bg="bg.panel">
          <Card.Header>
            <Heading size="md">{t('dashboard.workbench.tasks')}</Heading>
          </Card.Header>
          <Card.Body>
            <FailureAlert failure={tasks.error} />
            <Stack gap="4" data-testid="workbench-tasks">
              {tasks.result?.list.length === 0 && <Text color="fg.muted">{t('dashboard.workbench.noTasks')}</Text>}
              {tasks.result?.list.map((task) => (
                <Stack key={task.id} gap="1">
                  <HStack justify="space-between">
                    <Text fontWeight="medium" truncate>
                      {task.name}
                    </Text>
                    <Badge variant="subtle">{t(`dashboard.workbench.status.${task.status}`, { defaultValue: task.status })}</Badge>
                  </HStack>
                  <Progress.Root value={task.progress} size="sm" colorPalette={task.failed > 0 ? 'orange' : 'brand'}>
                    <Progress.Track>
                      <Progress.Range />
                    </Progress.Track>
                  </Progress.Root>
                  <Text textStyle="xs" color="fg.muted">
                    {t('dashboard.workbench.progress', { done: task.done, failed: task.failed, total: task.total })}
                  </Text>
                </Stack>
              ))}
            </Stack>
          </Card.Body>
        </Card.Root>
        <Card.Root variant="elevated" bg="bg.panel">
          <Card.Header>
            <Heading size="md">{t('dashboard.workbench.articles')}</Heading>
          </Card.Header>
          <Card.Body>
            <FailureAlert failure={articles.error} />
            <Stack gap="3" data-testid="workbench-articles">
              {articles.result?.list.length === 0 && <Text color="fg.muted">{t('dashboard.workbench.noArticles')}</Text>}
              {articles.result?.list.map((article) => (
                <HStack key={article.id} justify="space-between" gap="3">
                  <Link href={fillPath(ConsolePath.articleDetail, { id: article.id })}>
                    <Text color="brand.fg" truncate maxW="md">
                      {article.title}
                    </Text>
                  </Link>
                  <HStack gap="2" flexShrink={0}>
                    <Badge colorPalette={article.seo_score >= 80 ? 'green' : article.seo_score >= 60 ? 'orange' : 'red'} variant="subtle">
                      SEO {article.seo_score}
                    </Badge>
                    <Text textStyle="xs" color="fg.muted">
                      {article.created_at}
                    </Text>
                  </HStack>
                </HStack>
              ))}
            </Stack>
          </Card.Body>
        </Card.Root>
      </SimpleGrid>
      <Suspense fallback={null}>
        {recharging && (
          <RechargeDialog open onClose={() => setRecharging(false)} onCredited={() => session.send({ type: 'USER.RELOAD' })} />
        )}
      </Suspense>
    </Stack>
  );
}
