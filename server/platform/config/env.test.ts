import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env';

function errorOf(source: Record<string, string>): string {
  try {
    loadEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as Error).message;
  }
  throw new Error('expected an invalid environment');
}

describe('loadEnv', () => {
  it('has no database server or SMTP by default', () => {
    const env = loadEnv({});
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
  });

  it('has defaults that run the embedded setup on port 3000', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      HOST: 'localhost',
      DATA_DIR: './data',
      PUBLIC_URL: 'http://localhost:3000',
      SERVE_SPA: true,
      TRUST_PROXY: false,
      AUTH_CODE_COOLDOWN_SECONDS: 30,
      AUTH_CODE_SENDS_PER_EMAIL_PER_HOUR: 5,
      AUTH_CODE_SENDS_PER_IP_PER_HOUR: 20,
    });
  });

  it('reads and normalizes values', () => {
    const env = loadEnv({
      PORT: '8080',
      PUBLIC_URL: 'https://app.leadloop.example/',
      DATABASE_URL: 'postgres://u:p@db:5432/leadloop',
      SMTP_URL: 'smtps://user:pass@smtp.example:465',
      TRUST_PROXY: 'true',
      SMTP_UNUSED: 'x',
      DATA_DIR: '',
    } as Record<string, string>);
    expect(env.PORT).toBe(8080);
    expect(env.PUBLIC_URL).toBe('https://app.leadloop.example');
    expect(env.DATABASE_URL).toBe('postgres://u:p@db:5432/leadloop');
    expect(env.TRUST_PROXY).toBe(true);
  });

  it('treats empty optional values as unset', () => {
    expect(loadEnv({ DATABASE_URL: '', SMTP_URL: '  ' }).DATABASE_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL: must be a URL starting with postgres:// or postgresql://'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL: must be a URL starting with smtp:// or smtps://'],
    [{ PUBLIC_URL: 'localhost:3000' }, 'PUBLIC_URL'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY'],
    [{ AUTH_CODE_COOLDOWN_SECONDS: '-1' }, 'AUTH_CODE_COOLDOWN_SECONDS'],
    [{ S3_BUCKET: 'My_Bucket' }, 'S3_BUCKET: must be a bucket name: 3–63 lower-case letters, digits, dots and hyphens'],
    [{ S3_BUCKET: 'uploads', S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT: must be a URL starting with https:// or http://'],
    [{ S3_BUCKET: 'uploads', S3_REGION: 'US East' }, 'S3_REGION: must be a region name such as us-east-1'],
    [{ S3_BUCKET: 'uploads', S3_ACCESS_KEY_ID: 'AKIA' }, 'S3_SECRET_ACCESS_KEY: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither'],
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'S3_BUCKET: is needed when S3_ENDPOINT is set'],
    [{ S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE'],
  ])('stops on %o naming the variable', (source, expected) => {
    const message = errorOf(source);
    expect(message).toContain('Invalid environment configuration');
    expect(message).toContain(expected);
  });

  it('keeps uploads on disk unless S3_BUCKET is set, and reads the S3 settings', () => {
    expect(loadEnv({}).S3_BUCKET).toBeUndefined();
    expect(
      loadEnv({ S3_BUCKET: 'leadloop-uploads', S3_REGION: 'auto', S3_ENDPOINT: 'https://acct.r2.cloudflarestorage.com', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's', S3_FORCE_PATH_STYLE: 'true' }),
    ).toMatchObject({ S3_BUCKET: 'leadloop-uploads', S3_REGION: 'auto', S3_ENDPOINT: 'https://acct.r2.cloudflarestorage.com', S3_FORCE_PATH_STYLE: true });
    // No keys: the AWS SDK's own chain (environment, instance or task role).
    const bucketOnly = loadEnv({ S3_BUCKET: 'leadloop-uploads' });
    expect([bucketOnly.S3_ACCESS_KEY_ID, bucketOnly.S3_SECRET_ACCESS_KEY, bucketOnly.S3_FORCE_PATH_STYLE]).toEqual([undefined, undefined, false]);
  });

  it('names every wrong variable at once', () => {
    const message = errorOf({ PORT: 'x', DATABASE_URL: 'nope' });
    expect(message).toContain('PORT');
    expect(message).toContain('DATABASE_URL');
  });
});
