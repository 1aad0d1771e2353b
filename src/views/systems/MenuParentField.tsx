import { useMemo } from 'react';
import { Field, Select, Stack, Text, createListCollection } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { MenuItem } from '../../../contract/schemas/menu';

/** A parent the menu may go under: the top, or a menu with its words, its code and its place in the tree. */
interface ParentOption {
  value: string;
  title: string;
  /** The menu's name (its code); none for the top. */
  code: string;
  depth: number;
  level: number;
}

/** The tree as parent options in tree order; a menu cannot go under itself or its own children. */
function parentOptions(menus: readonly MenuItem[], skip: number | null, titleOf: (menu: MenuItem) => string, depth = 0): ParentOption[] {
  return menus
    .filter((menu) => menu.id !== skip)
    .flatMap((menu) => [
      { value: String(menu.id), title: titleOf(menu), code: menu.name, depth, level: menu.level },
      ...parentOptions(menu.children, skip, titleOf, depth + 1),
    ]);
}

interface MenuParentFieldProps {
  label: string;
  name: string;
  value: string;
  onValueChange: (value: string) => void;
  tree: readonly MenuItem[];
  /** The menu being edited: it and its children are not offered. */
  skip: number | null;
  helperText: (level: number) => string;
}

/**
 * The menu drawer's parent picker: each menu by its words in the console's language, indented as in
 * the tree, with its code as a muted line under them (two menus may share words; the code tells them
 * apart for the operator).
 */
export function MenuParentField({ label, name, value, onValueChange, tree, skip, helperText }: MenuParentFieldProps) {
  const { t } = useTranslation('systems');
  const collection = useMemo(
    () =>
      createListCollection<ParentOption>({
        items: [
          { value: '0', title: t('systems.menu.topLevel'), code: '', depth: 0, level: 0 },
          ...parentOptions(tree, skip, (menu) => t(menu.title)),
        ],
        itemToString: (option) => option.title,
      }),
    [tree, skip, t],
  );
  const level = collection.items.find((option) => option.value === value)?.level ?? 0;
  return (
    <Field.Root>
      <Select.Root
        collection={collection}
        name={name}
        value={[value]}
        onValueChange={(details) => details.value[0] !== undefined && onValueChange(details.value[0])}
        positioning={{ sameWidth: true }}
      >
        <Select.HiddenSelect />
        <Select.Label>{label}</Select.Label>
        <Select.Control>
          <Select.Trigger>
            <Select.ValueText />
          </Select.Trigger>
          <Select.IndicatorGroup>
            <Select.Indicator />
          </Select.IndicatorGroup>
        </Select.Control>
        {/* Not portalled: inside the drawer, whose focus it keeps. */}
        <Select.Positioner>
          <Select.Content maxH="72">
            {collection.items.map((option) => (
              <Select.Item key={option.value} item={option} ps={`${0.5 + option.depth * 1.25}rem`}>
                <Stack gap="0">
                  <Select.ItemText>{option.title}</Select.ItemText>
                  {option.code && (
                    <Text as="code" textStyle="xs" color="fg.muted" fontFamily="mono">
                      {option.code}
                    </Text>
                  )}
                </Stack>
                <Select.ItemIndicator />
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Positioner>
      </Select.Root>
      <Field.HelperText>{helperText(level)}</Field.HelperText>
    </Field.Root>
  );
}
