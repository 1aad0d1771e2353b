import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { TaskKindName } from './taskKind';

const PALETTE: Record<string, string> = {
  running: 'blue',
  paused: 'orange',
  cancelled: 'gray',
  completed: 'green',
  queued: 'gray',
  done: 'green',
  failed: 'red',
  waiting: 'yellow',
  skipped: 'yellow',
};

/** A task's or an item's status, coloured: in its kind's words if it has its own (waiting, kept back), else the shared ones. */
export function TaskStatusBadge({ status, catalog }: { status: string; catalog: TaskKindName }) {
  const { t } = useTranslation([catalog, 'tasks']);
  return (
    <Badge colorPalette={PALETTE[status] ?? 'gray'} data-status={status}>
      {t([`${catalog}.status.${status}`, `tasks.status.${status}`])}
    </Badge>
  );
}
