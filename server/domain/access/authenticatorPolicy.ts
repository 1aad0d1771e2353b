import type { Config } from '../../config';

/**
 * Whether an account must bind an authenticator before it enters: the operator's setting
 * (AUTHENTICATOR_REQUIRED_ROLES) names one of its roles, and it has none bound yet. Until it binds,
 * its session may call only what any signed-in user may (binding among them).
 */
export const mustBindAuthenticator = (
  config: Pick<Config, 'authenticatorRequiredRoles'>,
  account: { totpSecret: string | null },
  roleCodes: readonly string[],
): boolean => account.totpSecret === null && roleCodes.some((code) => config.authenticatorRequiredRoles.includes(code));
