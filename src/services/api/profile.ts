import { ApiPath } from '../../../contract/paths';
import type { ProfileBody } from '../../../contract/schemas/user';
import { http, type CallOptions } from '../http';

/** The account modal's call: name, avatar, e-mail with its code. The form shows failures. */
const FORM: CallOptions = { errorMessageMode: 'none' };

export const profileEdit = (body: ProfileBody) => http.put(ApiPath.profile, body, FORM);
