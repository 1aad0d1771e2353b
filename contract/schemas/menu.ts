import { Type, type Static } from 'typebox';
import { Body, CacheBust, DateTime, EditBody, Id, ListOf, IdOrZero } from './common';

/** Spec §3 "Permission entry": a button-level permission as a menu carries it. */
export const PermissionEntry = Type.Object({ id: Type.Integer(), name: Type.String(), auth_code: Type.String() });
export type PermissionEntry = Static<typeof PermissionEntry>;

/** Spec §3 "Menu item". `children` is filled in the tree the list returns. */
export interface MenuItem {
  id: number;
  name: string;
  title: string;
  url: string;
  component: string;
  icon: string;
  order: number;
  parent: number;
  level: number;
  is_show: 0 | 1;
  redirect: string;
  /** Route meta (spec §4 Tabs): when positive, at most this many tabs of this menu's route stay open. */
  dynamic_level: number;
  /** 1: the page is left out of the router and the menu for everyone (spec §2 "Routes marked ignored"). */
  ignored: 0 | 1;
  role: string[];
  /** The button-level permissions under this menu that the caller holds (spec §6). */
  access: PermissionEntry[];
  /**
   * Every permission code under this menu, held by the caller or not: the buttons of this menu's
   * page it guards, wherever the operator put the entry.
   */
  access_codes: string[];
  created_at: string;
  updated_at: string;
  children: MenuItem[];
}

export const MenuItem = Type.Cyclic(
  {
    MenuItem: Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      title: Type.String(),
      url: Type.String(),
      component: Type.String(),
      icon: Type.String(),
      order: Type.Integer(),
      parent: Type.Integer(),
      level: Type.Integer(),
      is_show: Type.Union([Type.Literal(0), Type.Literal(1)]),
      redirect: Type.String(),
      dynamic_level: Type.Integer({ minimum: 0 }),
      ignored: Type.Union([Type.Literal(0), Type.Literal(1)]),
      role: Type.Array(Type.String()),
      access: Type.Array(PermissionEntry),
      access_codes: Type.Array(Type.String()),
      created_at: DateTime,
      updated_at: DateTime,
      children: Type.Array(Type.Ref('MenuItem')),
    }),
  },
  'MenuItem',
);

/**
 * `GET admin-menu/list`: the tree the caller may see. `all=1` (administrators only) asks for the
 * whole menu for administration; an administrator's own tree is already the whole menu.
 */
export const MenuListQuery = Type.Object(
  { all: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])), ...CacheBust },
  { additionalProperties: false },
);
export type MenuListQuery = Static<typeof MenuListQuery>;
/** The roots in `list` (children nested, sorted by `order`); `total` counts every item in the tree. */
export const MenuTree = ListOf(MenuItem);

const MenuFields = {
  name: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z][A-Za-z0-9_-]*$' }),
  title: Type.String({ minLength: 1, maxLength: 64 }),
  url: Type.String({ minLength: 1, maxLength: 255, pattern: '^/' }),
  component: Type.Optional(Type.String({ maxLength: 255 })),
  icon: Type.Optional(Type.String({ maxLength: 64 })),
  order: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000 })),
  parent: Type.Optional(IdOrZero),
  is_show: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
  redirect: Type.Optional(Type.String({ maxLength: 255 })),
  dynamic_level: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
  ignored: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
  role: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 32 }), { maxItems: 20 })),
};
export const MenuAddBody = Body(MenuFields);
export type MenuAddBody = Static<typeof MenuAddBody>;
export const MenuEditBody = EditBody(MenuAddBody);
export type MenuEditBody = Static<typeof MenuEditBody>;

/** Spec §3 "Permission entry" (button-level access under a menu). */
export const AccessEntry = Type.Object({
  id: Type.Integer(),
  menu_id: Type.Integer(),
  name: Type.String(),
  auth_code: Type.String(),
  created_at: DateTime,
  updated_at: DateTime,
});
export type AccessEntry = Static<typeof AccessEntry>;
export const AccessListQuery = Type.Object({ menu_id: Id, ...CacheBust }, { additionalProperties: false });
export type AccessListQuery = Static<typeof AccessListQuery>;
export const AccessList = ListOf(AccessEntry);
const AccessFields = {
  menu_id: Id,
  name: Type.String({ minLength: 1, maxLength: 64 }),
  auth_code: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_:.-]+$' }),
};
export const AccessAddBody = Body(AccessFields);
export type AccessAddBody = Static<typeof AccessAddBody>;
export const AccessEditBody = Body({ id: Id, name: Type.Optional(AccessFields.name), auth_code: Type.Optional(AccessFields.auth_code) });
export type AccessEditBody = Static<typeof AccessEditBody>;
