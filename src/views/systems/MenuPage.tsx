import { useState } from 'react';
import { Badge, Box, Button, HStack, IconButton, Stack } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { ChevronDown, ChevronRight, KeyRound, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { MenuItem } from '../../../contract/schemas/menu';
import { useCan } from '../../app/useCan';
import { firstPageOf, useListActor } from '../../app/useListActor';
import { EllipsisText } from '../../components/EllipsisText';
import { MenuIcon } from '../../components/MenuIcon';
import { PageLoading } from '../../components/feedback/PageLoading';
import { ConfirmDeleteDialog } from '../../components/table/ConfirmDeleteDialog';
import { DataTable, type Column } from '../../components/table/DataTable';
import { RowButton } from '../../components/table/RowButton';
import { actionsColumn } from '../../components/table/actionsColumn';
import { PageHeader } from '../../components/table/PageHeader';
import { RowMenu } from '../../components/table/RowMenu';
import { menuRows, rolesAhead, useRoles } from './api';
import { AccessEntries } from './AccessEntries';
import { FormDrawer } from '../../components/feedback/FormDrawer';
import { MenuForm } from './MenuForm';
import { allMenuIds } from './roleTree';
import { roleName } from '../../../contract/roleName';

const LIST_INPUT = { pageSize: 1000 };

/** What the page asks for when it opens (sent at the click). */
export const loadsAhead = () => [firstPageOf(menuRows, LIST_INPUT), rolesAhead()];

type Row = { id: number; menu: MenuItem; depth: number };

/** The widest a menu's words, its name, its address and its roles show before they are cut (px). */
const TEXT_PX = 140;
const NAME_PX = 110;
const URL_PX = 140;
const ROLES_PX = 150;

/** The rows shown: each menu, then its children unless it is folded. */
function visibleRows(menus: readonly MenuItem[], collapsed: ReadonlySet<number>, depth = 0): Row[] {
  return menus.flatMap((menu) => [
    { id: menu.id, menu, depth },
    ...(collapsed.has(menu.id) ? [] : visibleRows(menu.children, collapsed, depth + 1)),
  ]);
}

/** The dialogs of the page, each by name with the menu it is about. */
type MenuDialog = { name: 'create' } | { name: 'edit' | 'child' | 'access'; row: MenuItem };

/** /systems/sub/accounts/auth: the menu tree with its menu drawer (add, edit) and each menu's access drawer. */
export default function MenuPage() {
  const { t, ready } = useTranslation('systems');
  const can = useCan();
  const list = useListActor<MenuItem, MenuDialog>(menuRows, LIST_INPUT);
  const context = useSelector(list, (state) => state.context);
  const loading = useSelector(list, (state) => state.hasTag('loading') && !state.context.loaded);
  const roles = useRoles();
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  if (!ready) return <PageLoading />;

  const tree = context.rows;
  const allRoles = roles.result?.list ?? [];
  // Every row names its roles: the rows wait for the roles (asked for with the menus, as fast), so
  // the tree's rows render once and not again when the second answer comes (this page's
  // first visit drew its rows twice). Without the roles (a failure) the rows show their codes.
  const rolesSettled = roles.state === 'succeeded' || roles.state === 'failed';
  const nameOf = (code: string) => {
    const role = allRoles.find((candidate) => candidate.code === code);
    return role ? roleName(role, t) : code;
  };
  const dialog = context.dialog;
  const target = dialog && dialog.name !== 'create' ? dialog.row : null;
  const close = () => list.send({ type: 'DIALOG.CLOSE' });
  const fold = (id: number) =>
    setCollapsed((previous) => {
      const next = new Set(previous);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  // The menu drawer: `edit` a menu, `create` at the top, `child` under a menu.
  const menuDrawer = dialog?.name === 'edit' || dialog?.name === 'create' || dialog?.name === 'child';

  // Every column keeps to a width, and what is longer is cut with the whole of it on hover: the
  // table fits a laptop's window (1280 px) without scrolling sideways to the actions, and each row
  // stays two lines high however many roles see the menu.
  const columns: Column<Row>[] = [
    {
      key: 'title',
      header: t('systems.menu.fields.title'),
      render: ({ menu, depth }) => {
        const title = t(menu.title);
        return (
          <HStack gap="1" ps={`${depth * 20}px`}>
            {menu.children.length > 0 ? (
              <IconButton
                size="2xs"
                variant="ghost"
                aria-expanded={!collapsed.has(menu.id)}
                aria-label={t(collapsed.has(menu.id) ? 'systems.menu.expand' : 'systems.menu.collapse', { title })}
                onClick={() => fold(menu.id)}
              >
                {collapsed.has(menu.id) ? <ChevronRight /> : <ChevronDown />}
              </IconButton>
            ) : (
              <Box w="6" flexShrink="0" />
            )}
            <MenuIcon name={menu.icon} />
            <Stack gap="0" minW="0">
              <EllipsisText widthPx={TEXT_PX} fontWeight={depth === 0 ? 'semibold' : 'normal'}>
                {title}
              </EllipsisText>
              {/* The stored key beside its words, as code: the operator edits the key. */}
              {title !== menu.title && (
                <CodeText widthPx={TEXT_PX} note>
                  {menu.title}
                </CodeText>
              )}
            </Stack>
          </HStack>
        );
      },
    },
    {
      // Not `name`: the title says what a row is; this column may be narrow.
      key: 'page',
      header: t('systems.menu.fields.name'),
      // The page it opens and its icon under the name: two columns fewer, so the table fits a laptop's width.
      // Identifiers, not words: shown as code.
      render: ({ menu }) => (
        <>
          <CodeText widthPx={NAME_PX}>{menu.name}</CodeText>
          <CodeText widthPx={NAME_PX} note>
            {[menu.component, menu.icon].filter(Boolean).join(' · ') || '—'}
          </CodeText>
        </>
      ),
    },
    {
      key: 'url',
      header: t('systems.menu.fields.url'),
      render: ({ menu }) => (
        <>
          <CodeText widthPx={URL_PX}>{menu.url}</CodeText>
          {menu.redirect && (
            <EllipsisText widthPx={URL_PX} textStyle="xs" color="fg.muted">
              {t('systems.menu.redirectsTo', { url: menu.redirect })}
            </EllipsisText>
          )}
        </>
      ),
    },
    { key: 'order', header: t('systems.menu.fields.order'), align: 'end', render: ({ menu }) => menu.order },
    {
      key: 'show',
      header: t('systems.menu.sidebarColumn'),
      render: ({ menu }) => (
        <Stack gap="1" align="flex-start">
          <Badge colorPalette={menu.is_show ? 'green' : 'gray'}>{t(menu.is_show ? 'systems.menu.shown' : 'systems.menu.hidden')}</Badge>
          {/* Left out of the router for everyone, whatever it shows. */}
          {menu.ignored === 1 && <Badge colorPalette="orange">{t('systems.menu.ignored')}</Badge>}
        </Stack>
      ),
    },
    {
      key: 'roles',
      header: t('systems.menu.fields.roles'),
      // The roles as one text of two lines at most, all of them on hover: a menu most roles see
      // listed them a badge a line, and its row grew five lines high.
      render: ({ menu }) => (
        <EllipsisText
          widthPx={ROLES_PX}
          minW={`${ROLES_PX}px`}
          lines={2}
          textStyle="sm"
          color={menu.role.length === 0 ? 'fg.muted' : undefined}
        >
          {menu.role.length === 0 ? t('systems.menu.everyone') : menu.role.map(nameOf).join(t('systems.menu.roleSeparator'))}
        </EllipsisText>
      ),
    },
    actionsColumn(t('common.table.actions'), ({ menu }) => {
      const title = t(menu.title);
      return (
        <>
          {can('menu:edit') && (
            <RowButton
              color="brand"
              label={t('systems.menu.editOf', { title })}
              onClick={() => list.send({ type: 'DIALOG.OPEN', dialog: { name: 'edit', row: menu } })}
            >
              {t('systems.menu.edit')}
            </RowButton>
          )}
          <RowButton
            label={t('systems.menu.accessOf', { title })}
            onClick={() => list.send({ type: 'DIALOG.OPEN', dialog: { name: 'access', row: menu } })}
          >
            <KeyRound /> {t('systems.menu.access')}
          </RowButton>
          {(can('menu:add') || can('menu:del')) && (
            <RowMenu
              label={t('systems.menu.more', { title })}
              items={[
                ...(can('menu:add')
                  ? [
                      {
                        value: 'child',
                        label: t('systems.menu.addChild'),
                        onSelect: () => list.send({ type: 'DIALOG.OPEN', dialog: { name: 'child', row: menu } }),
                      },
                    ]
                  : []),
                ...(can('menu:del')
                  ? [
                      {
                        value: 'delete',
                        label: t('systems.menu.delete'),
                        danger: true,
                        onSelect: () => list.send({ type: 'DELETE.REQUEST', row: menu }),
                      },
                    ]
                  : []),
              ]}
            />
          )}
        </>
      );
    }),
  ];

  return (
    <Stack gap="4">
      <PageHeader title={t('routes.systems.menu')} description={t('systems.menu.description')}>
        <Button variant="outline" onClick={() => setCollapsed(new Set())}>
          {t('systems.menu.expandAll')}
        </Button>
        <Button variant="outline" onClick={() => setCollapsed(new Set(allMenuIds(tree)))}>
          {t('systems.menu.collapseAll')}
        </Button>
        {can('menu:add') && (
          <Button colorPalette="brand" onClick={() => list.send({ type: 'DIALOG.OPEN', dialog: { name: 'create' } })}>
            <Plus /> {t('systems.menu.add')}
          </Button>
        )}
      </PageHeader>
      <DataTable
        label={t('routes.systems.menu')}
        columns={columns}
        rows={rolesSettled ? visibleRows(tree, collapsed) : []}
        rowKey={(row) => row.id}
        loading={loading || !rolesSettled}
        error={context.error}
        emptyText={t('systems.menu.empty')}
      />
      <FormDrawer
        open={menuDrawer}
        onClose={close}
        size="lg"
        title={
          dialog?.name === 'edit' && target
            ? t('systems.menu.editTitle', { title: t(target.title) })
            : dialog?.name === 'child' && target
              ? t('systems.menu.addChildTitle', { title: t(target.title) })
              : t('systems.menu.addTitle')
        }
      >
        {menuDrawer && (
          <MenuForm
            key={`${dialog.name}-${target?.id ?? 0}`}
            menu={dialog.name === 'edit' ? target : null}
            parentId={dialog.name === 'child' && target ? target.id : 0}
            tree={tree}
            roles={allRoles}
            onCancel={close}
            onSaved={() => list.send({ type: 'DIALOG.SAVED' })}
          />
        )}
      </FormDrawer>
      <FormDrawer
        open={dialog?.name === 'access'}
        onClose={close}
        size="md"
        title={target ? t('systems.access.title', { title: t(target.title) }) : ''}
      >
        {dialog?.name === 'access' && target && <AccessEntries menu={target} onClose={close} />}
      </FormDrawer>
      <ConfirmDeleteDialog
        list={list}
        title={t('systems.menu.deleteTitle')}
        describe={(row) => t('systems.menu.deleteText', { title: t(row.title), name: row.name })}
      />
    </Stack>
  );
}

/** An identifier of a menu (its key, name, page or address) as code, cut to the column; a note is the small grey line under another. */
function CodeText({ widthPx, note = false, children }: { widthPx: number; note?: boolean; children: string }) {
  return (
    <EllipsisText
      as="code"
      display="block"
      widthPx={widthPx}
      fontFamily="mono"
      textStyle={note ? 'xs' : 'sm'}
      color={note ? 'fg.muted' : undefined}
    >
      {children}
    </EllipsisText>
  );
}
