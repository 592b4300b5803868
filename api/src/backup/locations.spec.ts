import { openBucket, parseBucketLocation } from './locations';

describe('backup locations', () => {
  it('reads a bucket location as its bucket and a prefix of its own', () => {
    expect(parseBucketLocation('s3://atende-backups/daily/2026-11-21')).toEqual({ bucket: 'atende-backups', prefix: 'daily/2026-11-21/' });
    expect(parseBucketLocation('s3://atende-backups/daily/')).toEqual({ bucket: 'atende-backups', prefix: 'daily/' });
    expect(() => parseBucketLocation('s3://atende-backups')).toThrow('a backup needs a prefix of its own in the bucket');
    expect(() => parseBucketLocation('s3://atende-backups/a/../b')).toThrow('the prefix has an empty or dot part');
    expect(() => parseBucketLocation('s3://Bad_Bucket/x')).toThrow('"Bad_Bucket" is not a bucket name');
    expect(() => parseBucketLocation('gs://bucket/x')).toThrow('only folders and s3://<bucket>/<prefix> locations are supported');
  });

  it("reaches a bucket only on the media store's S3 connection, and never the media's own prefix", () => {
    expect(() => openBucket('s3://atende-backups/daily', { mediaDir: '/data/media', mediaStorage: { kind: 'local' } })).toThrow(
      "a bucket is reached with the media store's S3 connection",
    );
    const s3 = { kind: 's3', bucket: 'atende', prefix: 'media/', region: 'us-east-1', forcePathStyle: false } as const;
    expect(() => openBucket('s3://atende/media/backups', { mediaDir: '/data/media', mediaStorage: s3 })).toThrow('that is where the media are');
    expect(() => openBucket('s3://atende/backups', { mediaDir: '/data/media', mediaStorage: { ...s3, prefix: '' } })).toThrow('that is where the media are');
    expect(openBucket('s3://atende/backups', { mediaDir: '/data/media', mediaStorage: s3 }).location).toBe('s3://atende/backups/');
  });
});
