import { Button } from '@chakra-ui/react';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'wouter';
import { ConsolePath } from '../../../contract/paths';
import { WorkorderList } from './WorkorderList';
import { WorkorderPage } from './WorkorderPage';
import { myWorkorderCalls, myWorkorderRows } from './api';

/** /workorder/myworkorder ("work order"): the user's work orders, searched and filtered; `?id=N` opens one's thread. */
export default function MyWorkorderPage() {
  return (
    <WorkorderPage
      list={<MyWorkorders />}
      open={{
        back: ConsolePath.workorderMine,
        fetchDetail: myWorkorderCalls.fetchDetail,
        live: true,
        thread: { asOperator: false, ...myWorkorderCalls.thread },
      }}
    />
  );
}

function MyWorkorders() {
  const { t } = useTranslation('workorder');
  return (
    <WorkorderList
      at={ConsolePath.workorderMine}
      services={myWorkorderRows}
      title={t('routes.workorder.list')}
      description={t('workorder.description')}
      header={
        <RouterLink href={ConsolePath.workorderCommit}>
          <Button as="span" colorPalette="brand">
            <Plus /> {t('workorder.new')}
          </Button>
        </RouterLink>
      }
      search={{ label: t('workorder.search'), by: 'keyword' }}
      filtersWidth="40"
      columns={(shared) => [
        shared.id,
        shared.title,
        shared.category,
        shared.status(true),
        shared.last,
        {
          key: 'actions',
          header: t('common.table.actions'),
          align: 'end',
          render: (row) => (
            <RouterLink href={`${ConsolePath.workorderMine}?id=${row.id}`}>
              <Button as="span" size="xs" variant="ghost" colorPalette="brand">
                {t('workorder.actions.view')}
              </Button>
            </RouterLink>
          ),
        },
      ]}
    />
  );
}
