import { useState } from 'react';
import { Badge, Box, Button, Card, Flex, Heading, HStack, Input, InputGroup, Table, Text } from '@chakra-ui/react';
import { Eraser, Eye, Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { errorLog, type ErrorLogEntry } from '../../services/errorLog/errorLog';
import { ErrorLogDetailDialog } from './ErrorLogDetailDialog';
import { useErrorLogEntries } from './useErrorLogEntries';

/** /error-log/list (spec §2): the errors recorded in this browser, with a detail modal. */
export default function ErrorLogPage() {
  const { t } = useTranslation();
  const entries = useErrorLogEntries();
  const [shown, setShown] = useState<ErrorLogEntry | null>(null);
  const [keyword, setKeyword] = useState('');
  const wanted = keyword.trim().toLowerCase();
  const rows = wanted ? entries.filter((entry) => `${entry.message} ${entry.url} ${entry.type}`.toLowerCase().includes(wanted)) : entries;
  return (
    <Card.Root>
      <Card.Header>
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Heading size="md">{t('routes.basic.errorLogList')}</Heading>
          <HStack gap="2">
            <InputGroup startElement={<Search size={14} />} w={{ base: '44', md: '64' }}>
              <Input size="sm" value={keyword} onChange={(event) => setKeyword(event.currentTarget.value)} placeholder={t('layout.errorLog.filter')} aria-label={t('layout.errorLog.filter')} />
            </InputGroup>
            <Button size="sm" variant="outline" disabled={entries.length === 0} onClick={() => errorLog.clear()}>
              <Eraser /> {t('layout.errorLog.clear')}
            </Button>
          </HStack>
        </Flex>
      </Card.Header>
      <Card.Body>
        <Box overflowX="auto">
          <Table.Root size="sm" interactive>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader w="28">{t('layout.errorLog.field.type')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('layout.errorLog.field.message')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('layout.errorLog.field.url')}</Table.ColumnHeader>
                <Table.ColumnHeader w="44">{t('layout.errorLog.field.time')}</Table.ColumnHeader>
                <Table.ColumnHeader w="24" textAlign="end">
                  {t('layout.errorLog.actions')}
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.length === 0 ? (
                <Table.Row>
                  <Table.Cell colSpan={5}>
                    <Text color="fg.muted" textAlign="center" py="8">
                      {t('layout.errorLog.empty')}
                    </Text>
                  </Table.Cell>
                </Table.Row>
              ) : (
                rows.map((entry, index) => (
                  <Table.Row key={`${entry.time}-${index}`}>
                    <Table.Cell>
                      <Badge colorPalette="red">{t(`layout.errorLog.type.${entry.type}`)}</Badge>
                    </Table.Cell>
                    <Table.Cell maxW="md" truncate title={entry.message}>
                      {entry.message}
                    </Table.Cell>
                    <Table.Cell maxW="xs" truncate title={entry.url}>
                      {entry.url}
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{entry.time}</Table.Cell>
                    <Table.Cell textAlign="end">
                      <Button size="xs" variant="ghost" colorPalette="brand" onClick={() => setShown(entry)}>
                        <Eye /> {t('layout.errorLog.view')}
                      </Button>
                    </Table.Cell>
                  </Table.Row>
                ))
              )}
            </Table.Body>
          </Table.Root>
        </Box>
      </Card.Body>
      <ErrorLogDetailDialog entry={shown} onClose={() => setShown(null)} />
    </Card.Root>
  );
}
