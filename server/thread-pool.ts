/**
 * Sizes libuv's thread pool (file system, DNS, zlib, and crypto's scrypt) before anything uses it: imported first
 * by every entry point (main.ts, worker.ts, the load benchmark). A burst of logins hashes on it
 * (auth/passwords.ts), and hashing competes for the cores with the event loop, which is busy serving everybody
 * else: with the default four threads, two of them hashing, 200 logins at once on two cores took up to 30 s
 * (`npm run bench:load`); with more hashing threads the logins get a fairer share of the cores. Two threads are
 * always left for the file system. An explicit UV_THREADPOOL_SIZE wins.
 */
const DEFAULT_THREAD_POOL_SIZE = 8;

process.env.UV_THREADPOOL_SIZE ??= String(DEFAULT_THREAD_POOL_SIZE);
