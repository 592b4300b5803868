/** One multipart field's value: text, or files (each under the field's name, in order); null, undefined and false are left out. */
export type MultipartValue = string | number | true | Blob | readonly Blob[] | null | undefined | false;

/** A multipart body's fields, by name, or as [name, value] pairs where a name repeats in a set order (a file list's parts). */
export type MultipartFields = Readonly<Record<string, MultipartValue>> | ReadonlyArray<readonly [string, MultipartValue]>;

/** The fields as FormData: text as is, numbers as text, `true` as 'true', a file under its own name. */
export function multipartForm(fields: MultipartFields): FormData {
  const form = new FormData();
  const entries = Array.isArray(fields) ? (fields as ReadonlyArray<readonly [string, MultipartValue]>) : Object.entries(fields);
  for (const [name, value] of entries) {
    if (value == null || value === false) continue;
    for (const part of Array.isArray(value) ? (value as readonly Blob[]) : [value as Exclude<MultipartValue, readonly Blob[]>]) {
      // A file is an object (Blob or File, of whichever realm: jsdom's in tests); text, numbers and true are not.
      if (typeof part === 'object' && part !== null) form.append(name, part, (part as Partial<File>).name ?? 'blob');
      else form.append(name, String(part));
    }
  }
  return form;
}

/**
 * The one way the kit sends a multipart body through the typed client (`client.POST(path, { body: multipartBody(...) })`):
 * the contract types a multipart body by its fields (a file as a binary string), while the request carries FormData,
 * which openapi-fetch sends as is, with the browser's boundary. `Body` is inferred from where the result goes, so a
 * route's body type is never written twice; this is the one place that says the FormData carries those fields.
 */
export function multipartBody<Body>(fields: MultipartFields | FormData): NonNullable<Body> {
  return (isFormData(fields) ? fields : multipartForm(fields)) as unknown as NonNullable<Body>;
}

function isFormData(fields: MultipartFields | FormData): fields is FormData {
  return typeof (fields as FormData).append === 'function' && typeof (fields as FormData).getAll === 'function';
}
