import { Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { WORKORDER_CATEGORIES } from '../../../contract/schemas/workorder';
import { WORKORDER_STATUSES } from '../../../contract/statuses';
import { SelectField } from '../../components/form/SelectField';
import type { ListFilters } from '../../machines/list.machine';

interface WorkorderFiltersProps {
  filters: ListFilters;
  onFilter: (patch: ListFilters) => void;
  width: string;
}

/** The status and category filters of a work order list (the user's own, and the operator's queue). */
export function WorkorderFilters({ filters, onFilter, width }: WorkorderFiltersProps) {
  const { t } = useTranslation('workorder');
  return (
    <>
      <Stack w={width}>
        <SelectField
          label={t('workorder.fields.status')}
          name="status"
          value={(filters.status as string | undefined) ?? ''}
          blank={t('workorder.statuses.all')}
          options={WORKORDER_STATUSES.map((status) => ({ value: status, label: t(`workorder.statuses.${status}`) }))}
          onValueChange={(value) => onFilter({ status: value })}
        />
      </Stack>
      <Stack w={width}>
        <SelectField
          label={t('workorder.fields.category')}
          name="category"
          value={(filters.category as string | undefined) ?? ''}
          blank={t('workorder.categories.all')}
          options={WORKORDER_CATEGORIES.map((category) => ({ value: category, label: t(`workorder.categories.${category}`) }))}
          onValueChange={(value) => onFilter({ category: value })}
        />
      </Stack>
    </>
  );
}
