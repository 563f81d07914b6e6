/**
 * Each test file of the S3 project keys its objects under a folder of its own: files run in parallel workers, each
 * on its own in-memory database whose upload ids start at 1, so without it their scratch keys (tmp/s1/…) would meet
 * in the one bucket. (One site has one database: its ids never meet.)
 */
const url = new URL(process.env.STORAGE_URL);
url.pathname = `${url.pathname.replace(/\/+$/, '')}/w${process.env.JEST_WORKER_ID || 0}-${Math.random().toString(36).slice(2, 10)}`;
process.env.STORAGE_URL = url.toString();
