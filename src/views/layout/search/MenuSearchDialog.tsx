import { useEffect, useState, type KeyboardEvent } from 'react';
import { Box, Dialog, HStack, Input, InputGroup, Kbd, Portal, Text } from '@chakra-ui/react';
import { Search } from 'lucide-react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useMenuSearchActor } from '../../../app/AppActorProvider';
import { MenuSearchResult } from './MenuSearchResult';

const optionId = (index: number) => `menu-search-option-${index}`;

/**
 * The menu search (spec §2): the machine debounces the keyword (200 ms) and finds the pages; arrow
 * up and down move the selection, Enter opens it, Escape closes.
 */
export function MenuSearchDialog() {
  const { t } = useTranslation();
  const search = useMenuSearchActor();
  const open = useSelector(search, (state) => state.hasTag('open'));
  const results = useSelector(search, (state) => state.context.results);
  const selected = useSelector(search, (state) => state.context.selected);
  const keyword = useSelector(search, (state) => state.context.keyword);
  const settled = useSelector(search, (state) => !state.hasTag('searching'));
  const [typed, setTyped] = useState('');
  useEffect(() => {
    if (open) setTyped('');
  }, [open]);

  const onKeyDown = (event: KeyboardEvent) => {
    const keys: Record<string, () => void> = {
      ArrowUp: () => search.send({ type: 'MENU_SEARCH.UP' }),
      ArrowDown: () => search.send({ type: 'MENU_SEARCH.DOWN' }),
      Enter: () => search.send({ type: 'MENU_SEARCH.PICK' }),
    };
    const handle = keys[event.key];
    if (!handle || event.nativeEvent.isComposing) return;
    event.preventDefault();
    handle();
  };

  useEffect(() => {
    if (selected >= 0) document.getElementById(optionId(selected))?.scrollIntoView({ block: 'nearest' });
  }, [selected]);

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => !details.open && search.send({ type: 'MENU_SEARCH.CLOSE' })}
      placement="top"
      size="md"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mt="16" aria-label={t('layout.search.open')}>
            <Dialog.Body p="3">
              <InputGroup startElement={<Search size={16} />}>
                <Input
                  autoFocus
                  role="combobox"
                  aria-expanded={results.length > 0}
                  aria-controls="menu-search-results"
                  aria-activedescendant={selected >= 0 ? optionId(selected) : undefined}
                  aria-label={t('layout.search.placeholder')}
                  placeholder={t('layout.search.placeholder')}
                  value={typed}
                  onChange={(event) => {
                    setTyped(event.currentTarget.value);
                    search.send({ type: 'MENU_SEARCH.INPUT', keyword: event.currentTarget.value });
                  }}
                  onKeyDown={onKeyDown}
                />
              </InputGroup>
              <Box
                as="ul"
                id="menu-search-results"
                role="listbox"
                aria-label={t('layout.search.results')}
                listStyleType="none"
                mt="3"
                maxH="60vh"
                overflowY="auto"
                display="flex"
                flexDirection="column"
                gap="1.5"
              >
                {results.map((result, index) => (
                  <MenuSearchResult
                    key={result.path}
                    id={optionId(index)}
                    result={result}
                    keyword={keyword}
                    selected={index === selected}
                    onHover={() => search.send({ type: 'MENU_SEARCH.HOVER', index })}
                    onPick={() => search.send({ type: 'MENU_SEARCH.PICK', index })}
                  />
                ))}
              </Box>
              {keyword.trim() !== '' && settled && results.length === 0 && (
                <Text color="fg.muted" textAlign="center" py="6">
                  {t('layout.search.empty')}
                </Text>
              )}
            </Dialog.Body>
            <Dialog.Footer justifyContent="flex-start" py="2" borderTopWidth="1px" borderColor="border.muted">
              <HStack gap="4" textStyle="xs" color="fg.muted">
                <HStack gap="1">
                  <Kbd size="sm">↵</Kbd> {t('layout.search.hintSelect')}
                </HStack>
                <HStack gap="1">
                  <Kbd size="sm">↑</Kbd>
                  <Kbd size="sm">↓</Kbd> {t('layout.search.hintMove')}
                </HStack>
                <HStack gap="1">
                  <Kbd size="sm">Esc</Kbd> {t('layout.search.hintClose')}
                </HStack>
              </HStack>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
