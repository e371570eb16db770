export { restore, WriteVerifyError, writeFileAtomic } from './atomic.js';
export { appendJsonLine } from './jsonl.js';
export {
  acquireLock,
  acquireLockSync,
  LockTimeoutError,
  lockPathFor,
  withLock,
  withLockSync,
} from './lock.js';
export { makeDirs, makeDirsSync } from './make-dirs.js';
export { isWithin, realPathOfMaybeMissing, relativeInside } from './paths.js';
export {
  announceRefusedRead,
  ensureInsideProject,
  isInsideProject,
  onRefusedRead,
  type RefusedRead,
  readProjectTextIfExists,
} from './project.js';
export { publishFileExclusive } from './publish.js';
export {
  DEFAULT_WHOLE_READ_CAP,
  FileTooLargeError,
  LinkRefusedError,
  NotRegularFileError,
  openRegularFd,
  openRegularForReading,
  readRegularFile,
  readRegularText,
  readRegularTextIfExists,
  readTextIfExists,
} from './read-regular.js';
