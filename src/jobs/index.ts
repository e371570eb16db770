export { type JobRun, startJob } from './run.js';
export { JOB_ID_PATTERN, type JobRecord, jobRecordSchema, type NewJobRecord } from './schema.js';
export { findJob, jobStorePath, outputDigest, recordJob } from './store.js';
