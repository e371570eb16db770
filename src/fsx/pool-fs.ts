import { close, fstat, fsync, mkdir, open, read, type Stats, stat, write } from 'node:fs';

/*
 * The few file operations the friction hook waits on, as promises over node:fs's callback calls. Like
 * node:fs/promises they run on the thread pool, so a caller with a deadline keeps its thread free to give up
 * on a file system that does not answer; unlike it they load nothing: on Node 20, node:fs/promises pulls in
 * readline and the stream modules, some 16 M instructions of a hook that runs after every failed tool call.
 */

type Callback<T> = (error: NodeJS.ErrnoException | null, value: T) => void;

function promised<T>(start: (done: Callback<T>) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    start((error, value) => (error ? reject(error) : resolve(value)));
  });
}

export const openFd = (path: string, flags: number, mode: number): Promise<number> =>
  promised((done) => open(path, flags, mode, done));

export const statFd = (fd: number): Promise<Stats> => promised((done) => fstat(fd, done));

export const statPath = (path: string): Promise<Stats> => promised((done) => stat(path, done));

export const makeDir = (path: string): Promise<void> =>
  promised<void>((done) => mkdir(path, (error) => done(error, undefined)));

/** Reads up to `length` bytes at `position` (null: where the descriptor is); resolves with how many. */
export const readFd = (fd: number, buffer: Buffer, offset: number, length: number, position: number | null) =>
  promised<number>((done) => read(fd, buffer, offset, length, position, done));

export const writeFd = (fd: number, buffer: Buffer, offset: number, length: number): Promise<number> =>
  promised((done) => write(fd, buffer, offset, length, null, done));

export const syncFd = (fd: number): Promise<void> =>
  promised<void>((done) => fsync(fd, (error) => done(error, undefined)));

export const closeFd = (fd: number): Promise<void> =>
  promised<void>((done) => close(fd, (error) => done(error ?? null, undefined)));
