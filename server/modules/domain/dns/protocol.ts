/** The messages between the DNS worker thread (listener.ts) and the thread that starts it (dns-server.ts). */
import type { NameServer } from '../../../config.js';
import type { RrlOptions } from './rrl.js';
import type { RecordRow } from './zone-index.js';

export type WorkerSettings = {
  host: string;
  port: number;
  zones: string[];
  nameservers: NameServer[];
  rrl: RrlOptions;
  /** One counter, shared with the worker: the record writes this process made (zone-copy.ts reads it). */
  writes: Int32Array;
};

/** The records as loaded at `loadedAt`; `rows` left out when `generation` is the one the worker already holds. */
export type RecordsMessage = {
  type: 'records';
  seq: number;
  generation: number;
  loadedAt: number;
  serial: number;
  rows?: RecordRow[];
};

export type ToWorker = RecordsMessage | { type: 'records-failed'; seq: number } | { type: 'close' };

export type FromWorker =
  | { type: 'listening'; port: number }
  | { type: 'failed'; message: string; code?: string }
  /** `seq`: the writes the worker had counted; `generation` is the one it holds (-1: none). */
  | { type: 'refresh'; seq: number; generation: number }
  | { type: 'log'; level: 'warn' | 'error'; message: string }
  | { type: 'closed' };
