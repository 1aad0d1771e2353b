import { Type, type Static } from 'typebox';
import { Body } from './common';

/** Runtime configuration the console reads at start. */
export const PublicConf = Type.Object({
  app_name: Type.String(),
  version: Type.String(),
  contact_us: Type.String(),
  /** Which login forms this server can serve. */
  login: Type.Object({
    register: Type.Boolean(),
    mobile: Type.Boolean(),
    qr: Type.Boolean(),
    email: Type.Boolean(),
  }),
  upload: Type.Object({ max_bytes: Type.Integer(), types: Type.Array(Type.String()) }),
  session_ttl: Type.Integer(),
});
export type PublicConf = Static<typeof PublicConf>;

export const GetAppBody = Body({ app_id: Type.String({ minLength: 1, maxLength: 64 }) });
export type GetAppBody = Static<typeof GetAppBody>;
export const AppInfo = Type.Object({ win_icon: Type.String(), app_name: Type.String() });
export type AppInfo = Static<typeof AppInfo>;
