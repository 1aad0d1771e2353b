import i18next, { type Resource } from 'i18next';

/**
 * An i18next instance over `resources`, ready at once, for texts the server words in JSON (never
 * HTML: escaping would show `&quot;` to the reader). A value is inserted once and never scanned again
 * for `{{…}}` or `$t(…)` (skipOnVariables), so user text in a parameter stays text.
 */
export function textCatalog(resources: Resource) {
  const catalog = i18next.createInstance();
  void catalog.init({
    resources,
    lng: 'en',
    fallbackLng: 'en',
    initAsync: false,
    keySeparator: '.',
    nsSeparator: false,
    returnNull: false,
    interpolation: { escapeValue: false, skipOnVariables: true },
  });
  return catalog;
}
