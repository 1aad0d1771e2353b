import type { ReactNode } from 'react';
import { HStack } from '@chakra-ui/react';
import type { Column } from './DataTable';

/** A table's last column: a row's actions side by side at its end, under `header` (the tables' common "Actions"). */
export function actionsColumn<Row>(header: string, actions: (row: Row) => ReactNode): Column<Row> {
  return {
    key: 'actions',
    header,
    align: 'end',
    render: (row) => (
      <HStack gap="1" justify="flex-end">
        {actions(row)}
      </HStack>
    ),
  };
}
