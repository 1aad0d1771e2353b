import { ButtonGroup, HStack, IconButton, NativeSelect, Pagination, Text } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';

const PAGE_SIZES = [10, 20, 50, 100];

interface TablePaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number, pageSize: number) => void;
}

/** The pager under a table: total, page size, previous / page numbers / next. */
export function TablePagination({ page, pageSize, total, onChange }: TablePaginationProps) {
  const { t } = useTranslation();
  return (
    <HStack justify="flex-end" gap="3" wrap="wrap">
      <Text textStyle="sm" color="fg.muted">
        {t('common.table.total', { total })}
      </Text>
      <NativeSelect.Root size="sm" width="auto">
        <NativeSelect.Field
          aria-label={t('common.table.pageSize')}
          value={pageSize}
          onChange={(event) => onChange(1, Number(event.target.value))}
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {t('common.table.perPage', { size })}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Pagination.Root
        count={total}
        pageSize={pageSize}
        page={page}
        onPageChange={(details) => onChange(details.page, pageSize)}
        translations={{ rootLabel: t('common.table.pages') }}
      >
        <ButtonGroup variant="ghost" size="sm" attached={false}>
          <Pagination.PrevTrigger asChild>
            <IconButton aria-label={t('common.table.previous')}>
              <ChevronLeft />
            </IconButton>
          </Pagination.PrevTrigger>
          <Pagination.Items
            render={(item) => (
              <IconButton variant={{ base: 'ghost', _selected: 'outline' }} aria-label={t('common.table.page', { page: item.value })}>
                {item.value}
              </IconButton>
            )}
          />
          <Pagination.NextTrigger asChild>
            <IconButton aria-label={t('common.table.next')}>
              <ChevronRight />
            </IconButton>
          </Pagination.NextTrigger>
        </ButtonGroup>
      </Pagination.Root>
    </HStack>
  );
}
