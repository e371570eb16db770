/**
 * Where the second thread of a split gate read starts (src/gate/split-worker.ts). A module of its own, kept
 * out of the bundles: the URL is found beside this file, wherever the code that starts the thread is bundled.
 */
export const SPLIT_WORKER_URL = new URL('./split-worker.js', import.meta.url);
