/** Global teardown of the S3 project: stops the s3rver of setup.mjs and removes its files. */
export default async function teardown() {
  await globalThis.__portalS3?.stop();
}
