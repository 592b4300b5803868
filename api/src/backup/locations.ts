/**
 * Where a backup goes or comes from: a folder today. A bucket (`s3://bucket/prefix`) is refused by name until the
 * object-storage media store is in this build; the backup is built in a folder either way, so a bucket target is an
 * upload of that folder (and a restore from one, a download first).
 */
export const isBucketLocation = (location: string): boolean => /^[a-z][a-z0-9+.-]*:\/\//i.test(location);

export function refuseBucket(location: string, verb: 'back up to' | 'restore from'): never {
  throw new Error(
    `cannot ${verb} ${location}: only folders are supported by this build. ${verb === 'back up to' ? 'Back up to a folder, then copy it to the bucket' : 'Copy the backup from the bucket into a folder first'} (aws s3 sync, rclone copy)`,
  );
}
