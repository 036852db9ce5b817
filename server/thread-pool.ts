/**
 * Sizes libuv's thread pool (file system, DNS, zlib, crypto's scrypt and argon2's napi async work) before anything
 * uses it: imported first by every entry point (main.ts, worker.ts, the load benchmark). A burst of logins hashes
 * on it (auth/passwords.ts), one hash per core at a time, and two threads are always left for the file system, so
 * the pool needs at least the cores and two. It has eight on smaller machines: with scrypt, six of them hashed
 * (fewer left 200 logins at once on two cores waiting up to 30 s, `npm run bench:load`); argon2id costs about a
 * quarter of scrypt's CPU, and on two cores two threads now hash, the rest left to the file system. An explicit
 * UV_THREADPOOL_SIZE wins.
 */
import { availableParallelism } from 'node:os';

const DEFAULT_THREAD_POOL_SIZE = Math.max(8, availableParallelism() + 2);

process.env.UV_THREADPOOL_SIZE ??= String(DEFAULT_THREAD_POOL_SIZE);
