/**
 * Storage keys start with the app's short name and environment, then the version (spec §4
 * Storage), e.g. `INKPRESS__PRODUCTION__1.0.2__TOKEN__`.
 */
export function commonStoragePrefix(shortName: string, env: string): string {
  return `${shortName}__${env}`.toUpperCase();
}

export function versionedStoragePrefix(shortName: string, env: string, version: string): string {
  return `${commonStoragePrefix(shortName, env)}__${version}__`.toUpperCase();
}
