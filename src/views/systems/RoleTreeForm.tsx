import { useState } from 'react';
import { Box, Button, Center, Checkbox, Code, Drawer, HStack, IconButton, Spinner, Stack, Text, Wrap } from '@chakra-ui/react';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AccessEntry, MenuItem } from '../../../contract/schemas/menu';
import { ADMIN_ROLE } from '../../../contract/roles';
import type { RoleItem } from '../../../contract/schemas/system';
import { toaster } from '../../components/feedback/toaster';
import { FailureAlert } from '../../components/form/FailureAlert';
import { FormAlert } from '../../components/form/FormAlert';
import { useGrantRole, useMenuTree } from './api';
import { DrawerFormFooter } from '../../components/feedback/FormDrawer';
import { RoleSummary } from './RoleSummary';
import { allMenuIds, menuState, toggleAccess, toggleMenu, type CheckState, type Checked, type EntriesByMenu } from './roleTree';
import { roleName } from '../../../contract/roleName';
import { permissionName } from '../../shared/permissionName';

interface TreeProps {
  entries: EntriesByMenu;
  checked: Checked;
  disabled: boolean;
  collapsed: ReadonlySet<number>;
  onToggleFold: (id: number) => void;
  onChange: (checked: Checked) => void;
}

function TreeCheckbox({
  state,
  disabled,
  onChange,
  children,
}: {
  state: CheckState;
  disabled: boolean;
  onChange: () => void;
  children: React.ReactNode;
}) {
  return (
    <Checkbox.Root size="sm" colorPalette="brand" checked={state} disabled={disabled} onCheckedChange={onChange}>
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>{children}</Checkbox.Label>
    </Checkbox.Root>
  );
}

/** One menu of the tree: its checkbox, its access entries, and its child menus below it. */
function MenuNode({ menu, parents, ...props }: TreeProps & { menu: MenuItem; parents: readonly number[] }) {
  const { t } = useTranslation('systems');
  const { entries, checked, disabled, collapsed, onToggleFold, onChange } = props;
  const own: readonly AccessEntry[] = entries.get(menu.id) ?? [];
  const foldable = own.length > 0 || menu.children.length > 0;
  const open = !collapsed.has(menu.id);
  const title = t(menu.title);
  return (
    <Stack gap="1" role="treeitem" aria-label={title} aria-expanded={foldable ? open : undefined}>
      <HStack gap="1">
        {foldable ? (
          <IconButton
            size="2xs"
            variant="ghost"
            aria-label={t(open ? 'systems.role.tree.collapse' : 'systems.role.tree.expand', { title })}
            onClick={() => onToggleFold(menu.id)}
          >
            {open ? <ChevronDown /> : <ChevronRight />}
          </IconButton>
        ) : (
          <Box w="6" />
        )}
        <TreeCheckbox
          state={menuState(menu, entries, checked)}
          disabled={disabled}
          onChange={() => onChange(toggleMenu(menu, parents, entries, checked))}
        >
          {title}
        </TreeCheckbox>
      </HStack>
      {foldable && open && (
        <Stack gap="1" ps="7" role="group">
          {own.length > 0 && (
            <Wrap gap="3" ps="7" py="0.5">
              {own.map((entry) => (
                <TreeCheckbox
                  key={entry.id}
                  state={checked.access.has(entry.id)}
                  disabled={disabled}
                  onChange={() => onChange(toggleAccess(entry, parents, checked))}
                >
                  {permissionName(entry, t)}{' '}
                  <Code size="xs" variant="surface">
                    {entry.auth_code}
                  </Code>
                </TreeCheckbox>
              ))}
            </Wrap>
          )}
          {menu.children.map((child) => (
            <MenuNode key={child.id} menu={child} parents={[...parents, menu.id]} {...props} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * The role drawer's content: every menu with its access entries as a tree of checkboxes, checked
 * for what the role holds; saving sends the checked menus and entries (role/edit). The
 * administrator role holds everything and is shown read-only; a built-in role cannot be emptied.
 */
export function RoleTreeForm({ role, onCancel, onSaved }: { role: RoleItem; onCancel: () => void; onSaved: () => void }) {
  const { t } = useTranslation('systems');
  const tree = useMenuTree();
  const submission = useGrantRole({
    onSucceeded: () => {
      toaster.success({ title: t('systems.role.treeSaved', { name: roleName(role, t) }) });
      onSaved();
    },
  });
  const [checked, setChecked] = useState<Checked>(() => ({ menus: new Set(role.menu_ids), access: new Set(role.access_ids) }));
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const everything = role.code === ADMIN_ROLE;
  const empty = checked.menus.size === 0 && checked.access.size === 0;
  const keepsSomething = role.built_in && empty;

  const data = tree.result;
  const toggleFold = (id: number) =>
    setCollapsed((previous) => {
      const next = new Set(previous);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (everything || keepsSomething || !data) return;
    submission.submit({
      id: role.id,
      menu_ids: [...checked.menus].sort((a, b) => a - b),
      access_ids: [...checked.access].sort((a, b) => a - b),
    });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t('systems.role.treeLabel', { name: roleName(role, t) })}
      style={{ display: 'contents' }}
    >
      <Drawer.Body>
        <Stack gap="4">
          <Text textStyle="sm" color="fg.muted">
            {t('systems.role.treeHint')}
          </Text>
          {everything && <FormAlert status="info" message={t('systems.role.adminHoldsAll')} />}
          {keepsSomething && <FormAlert status="info" message={t('systems.role.builtInNotEmpty')} />}
          <FailureAlert failure={tree.error} />
          {data && (
            <HStack gap="2">
              <Button size="xs" variant="outline" onClick={() => setCollapsed(new Set())}>
                {t('systems.role.tree.expandAll')}
              </Button>
              <Button size="xs" variant="outline" onClick={() => setCollapsed(new Set(allMenuIds(data.menus)))}>
                {t('systems.role.tree.collapseAll')}
              </Button>
              {!everything && (
                <Button size="xs" variant="ghost" onClick={() => setChecked({ menus: new Set(), access: new Set() })}>
                  {t('systems.role.tree.clear')}
                </Button>
              )}
            </HStack>
          )}
          {data && !everything && <RoleSummary menus={data.menus} entries={data.entries} checked={checked} />}
          {data ? (
            <Stack gap="1" role="tree" aria-label={t('systems.role.treeLabel', { name: roleName(role, t) })}>
              {data.menus.map((menu) => (
                <MenuNode
                  key={menu.id}
                  menu={menu}
                  parents={[]}
                  entries={data.entries}
                  checked={checked}
                  disabled={everything}
                  collapsed={collapsed}
                  onToggleFold={toggleFold}
                  onChange={setChecked}
                />
              ))}
            </Stack>
          ) : (
            !tree.error && (
              <Center minH="24">
                <Spinner color="brand.solid" aria-label={t('common.loading')} />
              </Center>
            )
          )}
          {submission.error && <FormAlert message={submission.error.msg} />}
        </Stack>
      </Drawer.Body>
      <DrawerFormFooter
        onCancel={onCancel}
        submitting={submission.state === 'submitting'}
        disabled={everything || keepsSomething || !data}
        submitLabel={t('systems.role.saveTree')}
      />
    </form>
  );
}
