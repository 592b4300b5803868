import { Transform } from 'class-transformer';

/**
 * What clients written for the original system (Whaticket SaaS: its web frontend, often customised, its mobile apps,
 * integrations) send for "none" and a few spellings of their own. They move to this platform unchanged, so these
 * inputs are accepted and read exactly as our own encoding; what we answer and what our kit sends do not change.
 * Each transform runs in the ValidationPipe's class-transformer step, before validation, so the field's rules and its
 * OpenAPI schema stay ours (our type, nullable where none is allowed). Listed in api/README.md ("Compatibility with
 * the original system's clients", "Inputs").
 */

/** The original's placeholder for "no tag list" in a campaign's select. */
export const NONE_PLACEHOLDER = 'Nenhuma';

/**
 * An optional reference sent as "none" the original's ways (`false`, `""` or blanks, and any of `alsoNone`, such as
 * the campaign's `'Nenhuma'`) is read as null, our own "none". Absent stays absent; a number passes on to the rules.
 * Use on fields that already accept null; the OpenAPI schema is unchanged (the original's encodings are accepted,
 * documented in api/README.md).
 */
export const NoneAsNull = (...alsoNone: string[]) =>
  Transform(({ value, obj, key }: { value: unknown; obj: Record<string, unknown>; key: string }) => {
    // The value as sent: a field's @Type conversion (Number, Date) runs first and would hide false or 'Nenhuma'.
    const sent = obj[key];
    if (sent === false) return null;
    if (typeof sent === 'string' && (sent.trim() === '' || alsoNone.includes(sent.trim()))) return null;
    return value;
  });

/** An optional text sent as null (the original's "not written") is read as our empty text. */
export const NullAsEmptyText = () => Transform(({ value }: { value: unknown }) => (value === null ? '' : value));

/**
 * An optional text sent as `""` or null where it does not apply (the original's forms send every field, used or not)
 * is read as absent. `applies(body)` says when the field does apply: there a blank is left to the field's rules.
 */
export const BlankAsAbsent = (applies: (body: Record<string, unknown>) => boolean = () => false) =>
  Transform(({ value, obj }: { value: unknown; obj: Record<string, unknown> }) =>
    !applies(obj) && (value === null || (typeof value === 'string' && value.trim() === '')) ? undefined : value,
  );

/**
 * allTicket as the original spells it: `'desabled'` (sic) is our `'disabled'`; `'enabled'` is the same in both. The
 * spec's values pass unchanged.
 */
export const AllTicketAsSpec = () => Transform(({ value }: { value: unknown }) => (value === 'desabled' ? 'disabled' : value));

/**
 * A list of ids sent as the original's objects (`[{ id, name }]`, as its user pickers hold them) is read as the ids;
 * plain ids pass unchanged, and anything else is left to the field's rules.
 */
export const IdsFromObjects = () =>
  Transform(({ value }: { value: unknown }) =>
    Array.isArray(value) ? value.map((v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) && 'id' in v ? v.id : v)) : value,
  );
