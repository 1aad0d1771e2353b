import { useState } from 'react';
import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { ListChecks } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Site } from '../../../contract/schemas/site';
import { ArticlePickerDialog } from './ArticlePickerDialog';

interface ArticlesFieldProps {
  /** The account's sites, for the picker's site filter. */
  sites: readonly Site[];
  chosen: Map<number, string>;
  onChosen: (next: Map<number, string>) => void;
  /** The form was sent with none chosen: say that some are needed. */
  missing: boolean;
  /** The articles are given already (a task's): say which instead of offering the picker. */
  given?: string;
  testId: string;
}

/** The articles a publishing task or an export is of: how many are chosen, and the picker to choose them. */
export function ArticlesField({ sites, chosen, onChosen, missing, given, testId }: ArticlesFieldProps) {
  const { t } = useTranslation('publishing');
  const [picking, setPicking] = useState(false);
  return (
    <Stack gap="1">
      <Text textStyle="sm" fontWeight="medium">
        {t('publishing.fields.articles')}
      </Text>
      {given ? (
        <Text textStyle="sm" color="fg.muted" data-testid={testId}>
          {given}
        </Text>
      ) : (
        <HStack gap="3">
          <Button size="sm" variant="outline" onClick={() => setPicking(true)}>
            <ListChecks /> {t('publishing.form.chooseArticles')}
          </Button>
          <Text textStyle="sm" color={missing && chosen.size === 0 ? 'fg.error' : 'fg.muted'} data-testid={testId}>
            {chosen.size
              ? t('publishing.form.chosen', { count: chosen.size })
              : missing
                ? t('publishing.validation.articles')
                : t('publishing.form.noneChosen')}
          </Text>
        </HStack>
      )}
      {picking && (
        <ArticlePickerDialog
          sites={sites}
          chosen={chosen}
          onClose={() => setPicking(false)}
          onChosen={(next) => {
            onChosen(next);
            setPicking(false);
          }}
        />
      )}
    </Stack>
  );
}
