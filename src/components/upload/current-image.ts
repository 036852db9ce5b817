/**
 * The value of an image-upload field (ImageUploadInput) between a record and the API, without the input itself
 * (declarations load with every screen; the input loads with the form): the record's picture is held as
 * `{current: url}` and left out of the submit; a new upload's id, or null to remove the picture, is sent.
 */

/** The record's picture as the field holds it until the user replaces or removes it. */
export interface CurrentImage {
  current: string;
}

export const isCurrentImage = (value: unknown): value is CurrentImage =>
  !!value && typeof value === 'object' && typeof (value as CurrentImage).current === 'string';

/** The field's value for a record (its `fromRecord`): its current picture, or none. */
export const currentImage = (url: string | null | undefined): CurrentImage | undefined =>
  url ? { current: url } : undefined;

/** What the submit sends (the field's `toPayload`): a new upload's id or null; the unchanged picture not at all. */
export const imageUploadPayload = (value: unknown): unknown => (isCurrentImage(value) ? undefined : value);
