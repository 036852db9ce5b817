/**
 * A user's profile image taken through the resumable upload (kind `image`; spec 2 §5: JPEG, PNG or BMP, the
 * '3 MB' being text only), as the portal's profile and user forms send it: `profile_image_upload_id`, the id of
 * a finished upload of the signed-in user (a 422 under that field when it is none, or its bytes are no JPEG, PNG
 * or BMP), or null to remove the picture. The picture is stored under `profile-images/`; the one it replaces goes
 * once the write has committed, unless another account still names it.
 */
import type { Session } from '../auth/session';
import type { DB } from '../db/database';
import type { FileStorage } from '../storage/storage';
import type { UploadStore } from '../uploads/upload-store';
import {
  type ImageUpload,
  imageUpload,
  removeUnnamedPreview,
  storeImageUpload,
  written,
} from '../uploads/image-uploads';
import { STORAGE_FOLDERS } from '../storage/storage-folders';

export const PROFILE_IMAGE_UPLOAD_FIELD = 'profile_image_upload_id';
export const PROFILE_IMAGE_FOLDER = STORAGE_FOLDERS.profileImages;

interface Services {
  db: DB;
  uploads: UploadStore;
  storage: FileStorage;
}

/** The body's field: an upload id, null (remove the picture) or absent (leave it). */
type Submitted = { profile_image_upload_id?: string | null };

/** The image the body names, checked; null when it names none (a 422 under the field when it is no image). */
export const submittedProfileImage = (
  services: Services,
  session: Session,
  body: Submitted,
): Promise<ImageUpload | null> =>
  body.profile_image_upload_id
    ? imageUpload(
        services,
        session,
        body.profile_image_upload_id,
        PROFILE_IMAGE_UPLOAD_FIELD,
        'profile image',
      )
    : Promise.resolve(null);

const profileImageNamed = async (db: DB, key: string) =>
  !!(await db.selectFrom('users').select('id').where('profile_image', '=', key).executeTakeFirst());

/**
 * The picture a write sets: the checked image stored (its key), null when the body removes the picture, or
 * undefined when it leaves it as it is.
 */
export async function nextProfileImage(
  services: Services,
  image: ImageUpload | null,
  body: Submitted,
): Promise<string | null | undefined> {
  if (image) return storeImageUpload(services, image, PROFILE_IMAGE_FOLDER);
  return body.profile_image_upload_id === null ? null : undefined;
}

/**
 * Runs the write with the account's new picture (`next`, from nextProfileImage: `{profile_image}` to set, or
 * nothing when it stays) and removes the replaced one (`current`) once the write is done, unless another account
 * names it; a failed write removes the newly stored file again.
 */
export async function writeProfileImage<T>(
  services: Services,
  next: string | null | undefined,
  current: string | null,
  write: (profileImage: { profile_image?: string | null }) => Promise<T>,
): Promise<T> {
  const changed = next !== undefined && next !== current;
  const result = await written(services, changed ? (next ?? null) : null, () =>
    write(changed ? { profile_image: next } : {}),
  );
  if (changed) await removeUnnamedPreview(services, current, profileImageNamed);
  return result;
}
