import { parentPort, workerData } from 'node:worker_threads';
import { fileGate, type GateFileSettings } from './gate-file.js';
import { type ReaderName, readerNamed } from './reader.js';

/** A scan worker: gates the files the pool sends, one at a time, and answers with plain-data outcomes. */
const { settings, reader } = workerData as { settings: GateFileSettings; reader: ReaderName };
const gate = fileGate(settings, readerNamed(reader));

parentPort!.on('message', (message: { id: number; path: string }) => {
  try {
    parentPort!.postMessage({ id: message.id, outcome: gate(message.path) });
  } catch (error) {
    parentPort!.postMessage({
      id: message.id,
      error: error instanceof Error ? error.message : String(error),
    });
  }
});
