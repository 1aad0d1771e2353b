import { endpoint } from '../endpoint';
import { LanguageBody, PermCodes, ProfileBody, UserDetails } from '../schemas/user';
import { Empty } from '../schemas/common';
import { ApiPath } from '../paths';

/** The signed-in user: details, permission codes, profile and language. */
export const userEndpoints = {
  userDetails: endpoint.get(ApiPath.userDetails, { reply: UserDetails }),
  permCode: endpoint.get(ApiPath.permCode, { reply: PermCodes }),
  profile: endpoint.put(ApiPath.profile, { body: ProfileBody, reply: UserDetails }),
  userLanguage: endpoint.put(ApiPath.userLanguage, { body: LanguageBody, reply: Empty }),
};
