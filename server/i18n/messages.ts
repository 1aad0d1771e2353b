import { textCatalog } from './catalog';
import type { Language } from '../../contract/languages';
import en from './en.json';
import zhCN from './zh_CN.json';

/** Every leaf of the catalog, as `group.name`: a message the server can write. */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type MessageKey = Leaves<typeof en>;

/**
 * The console's forms that label some fields their own way (`fieldsIn.<form>.<name>`): the prompt
 * editor calls its `content` the template, where a notice or a work order calls it the content.
 */
export type LabelledForm = keyof (typeof en)['fieldsIn'];

/**
 * A field of the contract, named in a message by its label in the reader's language: the label its
 * form gives it, if any, else its common one (`fields.<name>`).
 */
export class FieldLabel {
  constructor(
    readonly name: string,
    readonly form?: LabelledForm,
  ) {}
}
export const label = (name: string, form?: LabelledForm) => new FieldLabel(name, form);

/**
 * A message's values: inserted as text, never read as a key or as markup. A field's label or a
 * message of the catalog (a status, what a refused cost was for) is worded in the same language.
 */
export type MessageParams = { [name: string]: string | number | FieldLabel | Message };

/** A message as the server keeps it until it knows who reads it. */
export interface Message {
  key: MessageKey;
  params?: MessageParams;
}
export const message = (key: MessageKey, params?: MessageParams): Message => ({ key, params });

const catalog = textCatalog({ en: { translation: en }, zh_CN: { translation: zhCN } });

/** How a field reads when the catalog has no label for it: words, not an identifier. */
const fallbackLabel = (name: string) => name.replace(/[._]+/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2');

const catalogs: Record<Language, unknown> = { en, zh_CN: zhCN };
/**
 * The catalog's own entry at `key`, or undefined: a key made from a name a request sent (a field,
 * an unknown property) is looked up by own properties only, never reaching a prototype.
 */
const entryOf = (language: Language, key: string): string | undefined => {
  let node: unknown = catalogs[language];
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
};

/** Whether the catalog has `key` (a field's label, its form): for keys made from the contract's field names. */
export const hasMessage = (key: string) => entryOf('en', key) !== undefined;

export const fieldLabel = (language: Language, name: string, form?: LabelledForm): string =>
  (form && entryOf(language, `fieldsIn.${form}.${name}`)) ?? entryOf(language, `fields.${name}`) ?? fallbackLabel(name);

/** `message` in `language`, its values put in as text. */
export function render(language: Language, { key, params = {} }: Message): string {
  const replace: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) {
    replace[name] =
      value instanceof FieldLabel
        ? fieldLabel(language, value.name, value.form)
        : typeof value === 'object'
          ? render(language, value)
          : value;
  }
  return String(catalog.t(key, { lng: language, replace, nest: false } as never));
}
