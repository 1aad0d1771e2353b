import { Box, Flex, Grid } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { RadioTile } from '../../../components/RadioTile';
import type { MenuSetting } from '../../../config/projectConfig';

type MenuType = MenuSetting['type'];
const TYPES: readonly MenuType[] = ['sidebar', 'mix-sidebar', 'mix', 'top-menu'];

/** A miniature of each layout: dark bars are the menu, light the header and the page. */
function Thumbnail({ type }: { type: MenuType }) {
  const menu = 'gray.800';
  const header = type === 'sidebar' || type === 'mix-sidebar' ? 'gray.300' : menu;
  return (
    <Flex w="20" h="14" rounded="sm" overflow="hidden" bg="gray.100" borderWidth="1px" borderColor="gray.300">
      {type === 'sidebar' && <Box w="30%" bg={menu} />}
      {type === 'mix-sidebar' && (
        <>
          <Box w="15%" bg={menu} />
          <Box w="22%" bg="gray.500" />
        </>
      )}
      <Flex direction="column" flex="1">
        <Box h="25%" bg={header} />
        <Flex flex="1">{type === 'mix' && <Box w="30%" bg="white" borderEndWidth="1px" borderColor="gray.300" />}</Flex>
      </Flex>
    </Flex>
  );
}

/**
 * The four menu types of spec §3, as pictures with their names below, two by two: four in a row do
 * not fit the drawer's width with a readable name under each.
 */
export function MenuTypePicker({ value, onChange }: { value: MenuType; onChange: (type: MenuType) => void }) {
  const { t } = useTranslation();
  return (
    <Grid templateColumns="repeat(2, minmax(0, 1fr))" gap="2" role="radiogroup" aria-label={t('layout.settings.menuType')}>
      {TYPES.map((type) => (
        <RadioTile
          key={type}
          checked={value === type}
          onSelect={() => onChange(type)}
          aria-label={t(`layout.settings.menuTypes.${type}`)}
          display="flex"
          flexDirection="column"
          alignItems="center"
          gap="1.5"
          px="1"
          py="1.5"
          rounded="md"
          _hover={{ borderColor: value === type ? 'brand.solid' : 'border.emphasized' }}
          _focusVisible={{ outline: '2px solid', outlineColor: 'brand.500' }}
        >
          <Thumbnail type={type} />
          <Box as="span" textStyle="xs" color={value === type ? 'fg' : 'fg.muted'} textAlign="center">
            {t(`layout.settings.menuTypes.${type}`)}
          </Box>
        </RadioTile>
      ))}
    </Grid>
  );
}
