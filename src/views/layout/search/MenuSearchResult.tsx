import { chakra, Flex, Text } from '@chakra-ui/react';
import { CornerDownLeft, FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { SearchResult } from '../../../machines/menuSearch';
import { highlightMatch } from './highlightMatch';

interface MenuSearchResultProps {
  id: string;
  result: SearchResult;
  keyword: string;
  selected: boolean;
  onHover: () => void;
  onPick: () => void;
}

/** One found page: its title with the matched characters marked, and the sections above it. */
export function MenuSearchResult({ id, result, keyword, selected, onHover, onPick }: MenuSearchResultProps) {
  const { t } = useTranslation();
  const title = t(result.title);
  return (
    <Flex
      as="li"
      id={id}
      role="option"
      aria-selected={selected}
      align="center"
      gap="3"
      px="3"
      py="2.5"
      rounded="md"
      cursor="pointer"
      bg={selected ? 'brand.solid' : 'bg.muted'}
      color={selected ? 'brand.contrast' : 'fg'}
      onMouseMove={() => !selected && onHover()}
      onClick={onPick}
    >
      <FileText size={18} />
      <Flex direction="column" flex="1" minW="0">
        <Text textStyle="sm" truncate>
          {highlightMatch(title, keyword).map((part, index) =>
            part.matched ? (
              <chakra.mark
                key={index}
                bg="transparent"
                color="inherit"
                fontWeight="bold"
                textDecoration="underline"
                data-testid="search-match"
              >
                {part.text}
              </chakra.mark>
            ) : (
              <span key={index}>{part.text}</span>
            ),
          )}
        </Text>
        {result.parents.length > 0 && (
          <Text textStyle="xs" opacity={0.75} truncate>
            {result.parents.map((parent) => t(parent)).join(' / ')}
          </Text>
        )}
      </Flex>
      {selected && <CornerDownLeft size={16} />}
    </Flex>
  );
}
