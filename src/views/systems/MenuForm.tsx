import { useMemo } from 'react';
import { Checkbox, Drawer, Fieldset, SimpleGrid, Stack, Switch, Text, Wrap } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { MenuAddBody, MenuItem } from '../../../contract/schemas/menu';
import type { RoleItem } from '../../../contract/schemas/system';
import { toaster } from '../../components/feedback/toaster';
import { FormAlert } from '../../components/form/FormAlert';
import { TextField } from '../../components/form/TextField';
import type { Rule } from '../../components/form/rules';
import { useValidatedForm, type FieldRules } from '../../components/form/useValidatedForm';
import { useSaveMenu } from './api';
import { DrawerFormFooter } from '../../components/feedback/FormDrawer';
import { MenuParentField } from './MenuParentField';
import { roleName } from '../../../contract/roleName';

type Values = {
  name: string;
  title: string;
  url: string;
  component: string;
  icon: string;
  order: string;
  parent: string;
  is_show: string;
  ignored: string;
  redirect: string;
  dynamic_level: string;
  /** Role codes, comma-separated; none: every role sees the menu. */
  role: string;
};

const longest =
  (max: number): Rule<unknown> =>
  (value) =>
    value.trim().length > max ? 'systems.menu.validation.tooLong' : null;
const requiredText =
  (max: number): Rule<unknown> =>
  (value) =>
    !value.trim() ? 'systems.menu.validation.required' : value.trim().length > max ? 'systems.menu.validation.tooLong' : null;
const whole =
  (max: number): Rule<unknown> =>
  (value) =>
    /^\d+$/.test(value.trim()) && Number(value) <= max ? null : 'systems.menu.validation.wholeNumber';

/** The same limits as the contract (contract/schemas/menu.ts). */
const RULES: FieldRules<Values> = {
  name: [requiredText(64), (value) => (/^[A-Za-z][A-Za-z0-9_-]*$/.test(value.trim()) ? null : 'systems.menu.validation.name')],
  title: [requiredText(64)],
  url: [requiredText(255), (value) => (value.trim().startsWith('/') ? null : 'systems.menu.validation.url')],
  component: [longest(255)],
  icon: [longest(64)],
  redirect: [longest(255)],
  order: [whole(100000)],
  dynamic_level: [whole(100)],
};

/** The title key the title field's help shows as an example, with its words. */
const EXAMPLE_TITLE_KEY = 'routes.site.list';

const bodyOf = (values: Values): MenuAddBody => ({
  name: values.name,
  title: values.title,
  url: values.url,
  component: values.component,
  icon: values.icon,
  order: Number(values.order),
  parent: Number(values.parent),
  is_show: values.is_show === '1' ? 1 : 0,
  ignored: values.ignored === '1' ? 1 : 0,
  redirect: values.redirect,
  dynamic_level: Number(values.dynamic_level),
  role: values.role ? values.role.split(',') : [],
});

/**
 * The menu drawer (spec §7 admin-menu): add a menu, under a parent given or at the top, or edit one.
 * Its level follows from its parent (the server sets it); the server's refusal shows above the buttons.
 */
export function MenuForm({
  menu,
  parentId,
  tree,
  roles,
  onCancel,
  onSaved,
}: {
  menu: MenuItem | null;
  parentId: number;
  tree: readonly MenuItem[];
  roles: readonly RoleItem[];
  onCancel: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('systems');
  const submission = useSaveMenu({
    onSucceeded: () => {
      toaster.success({ title: t(menu ? 'systems.menu.saved' : 'systems.menu.added') });
      onSaved();
    },
  });
  const initial = useMemo<Values>(
    () => ({
      name: menu?.name ?? '',
      title: menu?.title ?? '',
      url: menu?.url ?? '',
      component: menu?.component ?? '',
      icon: menu?.icon ?? '',
      order: String(menu?.order ?? 0),
      parent: String(menu?.parent ?? parentId),
      is_show: String(menu?.is_show ?? 1),
      ignored: String(menu?.ignored ?? 0),
      redirect: menu?.redirect ?? '',
      dynamic_level: String(menu?.dynamic_level ?? 0),
      role: (menu?.role ?? []).join(','),
    }),
    [menu, parentId],
  );
  const form = useValidatedForm<Values>(initial, RULES);

  const chosenRoles = form.values.role ? form.values.role.split(',') : [];
  const toggleRole = (code: string, on: boolean) =>
    form.setValue(
      'role',
      roles
        .map((role) => role.code)
        .filter((c) => (c === code ? on : chosenRoles.includes(c)))
        .join(','),
    );
  const title = form.values.title.trim();

  return (
    <form
      onSubmit={form.handleSubmit((values) => submission.submit({ id: menu?.id ?? null, body: bodyOf(values) }))}
      noValidate
      aria-label={t('systems.menu.formLabel')}
      style={{ display: 'contents' }}
    >
      <Drawer.Body>
        <Stack gap="4">
          <SimpleGrid columns={2} gap="4">
            <TextField
              label={t('systems.menu.fields.name')}
              autoComplete="off"
              helperText={t('systems.menu.nameHelp')}
              {...form.field('name')}
            />
            <TextField
              label={t('systems.menu.fields.title')}
              autoComplete="off"
              helperText={
                title && t(title) !== title
                  ? t('systems.menu.titleShows', { text: t(title) })
                  : t('systems.menu.titleHelp', { key: EXAMPLE_TITLE_KEY, text: t(EXAMPLE_TITLE_KEY) })
              }
              {...form.field('title')}
            />
            <TextField label={t('systems.menu.fields.url')} autoComplete="off" {...form.field('url')} />
            <TextField
              label={t('systems.menu.fields.component')}
              autoComplete="off"
              helperText={t('systems.menu.componentHelp')}
              {...form.field('component')}
            />
            <TextField label={t('systems.menu.fields.icon')} autoComplete="off" {...form.field('icon')} />
            <TextField label={t('systems.menu.fields.order')} inputMode="numeric" {...form.field('order')} />
          </SimpleGrid>
          <MenuParentField
            label={t('systems.menu.fields.parent')}
            name="parent"
            value={form.values.parent}
            onValueChange={(parent) => form.setValue('parent', parent)}
            tree={tree}
            skip={menu?.id ?? null}
            helperText={(parentLevel) => t('systems.menu.levelIs', { level: parentLevel + 1 })}
          />
          <SimpleGrid columns={2} gap="4">
            <TextField label={t('systems.menu.fields.redirect')} autoComplete="off" {...form.field('redirect')} />
            <TextField
              label={t('systems.menu.fields.dynamicLevel')}
              inputMode="numeric"
              helperText={t('systems.menu.dynamicLevelHelp')}
              {...form.field('dynamic_level')}
            />
          </SimpleGrid>
          <Switch.Root
            colorPalette="brand"
            checked={form.values.is_show === '1'}
            onCheckedChange={(details) => form.setValue('is_show', details.checked ? '1' : '0')}
          >
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>{t('systems.menu.fields.isShow')}</Switch.Label>
          </Switch.Root>
          <Switch.Root
            colorPalette="brand"
            checked={form.values.ignored === '1'}
            onCheckedChange={(details) => form.setValue('ignored', details.checked ? '1' : '0')}
          >
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>{t('systems.menu.fields.ignored')}</Switch.Label>
          </Switch.Root>
          <Text textStyle="xs" color="fg.muted">
            {t('systems.menu.ignoredHelp')}
          </Text>
          <Fieldset.Root>
            <Fieldset.Legend>{t('systems.menu.fields.roles')}</Fieldset.Legend>
            <Wrap gap="4" mt="2">
              {roles.map((role) => (
                <Checkbox.Root
                  key={role.code}
                  size="sm"
                  colorPalette="brand"
                  checked={chosenRoles.includes(role.code)}
                  onCheckedChange={(details) => toggleRole(role.code, details.checked === true)}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{roleName(role, t)}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </Wrap>
            <Text textStyle="xs" color="fg.muted">
              {t(chosenRoles.length ? 'systems.menu.rolesSome' : 'systems.menu.rolesEveryone')}
            </Text>
          </Fieldset.Root>
          {submission.error && <FormAlert message={submission.error.msg} />}
        </Stack>
      </Drawer.Body>
      <DrawerFormFooter onCancel={onCancel} submitting={submission.state === 'submitting'} />
    </form>
  );
}
