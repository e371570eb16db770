import { parentPort, workerData } from 'node:worker_threads';
import type { HostName } from '../transcript/types.js';
import { fileGate, type GateFileSettings, type GateOutcome } from './gate-file.js';
import { type ReaderName, readerNamed } from './reader.js';

/** What a scan worker answers per file (plain data). */
export type WorkerReply = { id: number; outcome: GateOutcome } | { id: number; error: string };

/**
 * A scan worker: says it is ready once its modules are loaded, then gates the files the pool sends, one
 * at a time, and answers with plain-data outcomes.
 */
const { settings, reader } = workerData as { settings: GateFileSettings; reader: ReaderName };
const gate = fileGate(settings, readerNamed(reader, settings.profile));

parentPort!.on('message', (message: { id: number; path: string; host?: HostName }) => {
  let reply: WorkerReply;
  try {
    reply = { id: message.id, outcome: gate(message.path, message.host) };
  } catch (error) {
    reply = { id: message.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(reply);
});
parentPort!.postMessage({ ready: true });
