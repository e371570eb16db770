import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, type JSONRPCMessage, JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';

/** A line longer than this is not read (the SDK's own stdio transport stops at the same size). */
const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

type Id = string | number | null;

/** A JSON-RPC error response, as the protocol writes one. */
interface ErrorReply {
  jsonrpc: '2.0';
  id: Id;
  error: { code: number; message: string };
}

function errorReply(id: Id, code: number, message: string): ErrorReply {
  return { jsonrpc: '2.0', id, error: { code, message } };
}

/** The id of something that tried to be a request, when it has a usable one. */
function idOf(value: unknown): Id {
  if (typeof value !== 'object' || value === null) return null;
  const id = (value as { id?: unknown }).id;
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : null;
}

/**
 * Whether a valid message expects no answer: a notification (a method, no id) or a response. Anything
 * else that arrives, valid or not, gets one (JSON-RPC answers an invalid object even without an id).
 */
function needsNoAnswer(value: unknown): boolean {
  const parsed = JSONRPCMessageSchema.safeParse(value);
  return parsed.success && !('method' in parsed.data && 'id' in parsed.data);
}

const NOT_A_MESSAGE =
  'Invalid Request: expected a JSON-RPC 2.0 object with "jsonrpc":"2.0" and a method (request, notification) or a result/error (response)';
const NO_BATCHES =
  'Invalid Request: JSON-RPC batches are not supported (MCP removed them in 2025-06-18); send one message per line';

/**
 * MCP over stdio, one JSON-RPC message per line, that answers what it cannot pass on. The SDK's stdio
 * transport only reports a line that is not JSON, not an object or not JSON-RPC to its error handler, so a
 * client that sent one waits forever for an answer. Here each such line gets the JSON-RPC error the
 * specification names: -32700 (parse error) for text that is not JSON, -32600 (invalid request) for JSON
 * that is not a message, an empty array, or a batch (each of its requests and invalid items answered, with
 * its id when it has one; its notifications not at all). Valid messages go to the server unchanged.
 */
export class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** Inside a line that grew past MAX_MESSAGE_BYTES: its rest is skipped up to the next newline. */
  private skipping = false;
  private closed = false;

  constructor(
    private readonly input: Readable,
    private readonly output: Writable,
    private readonly maxMessageBytes = MAX_MESSAGE_BYTES,
  ) {}

  private readonly onData = (chunk: Buffer | string) => {
    let data = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    for (let newline = data.indexOf(0x0a); newline !== -1; newline = data.indexOf(0x0a)) {
      const tail = data.subarray(0, newline);
      data = data.subarray(newline + 1);
      const wasSkipping = this.skipping;
      const tooLong = this.pendingBytes + tail.length > this.maxMessageBytes;
      const line = wasSkipping || tooLong ? '' : Buffer.concat([...this.pending, tail]).toString('utf8');
      this.pending = [];
      this.pendingBytes = 0;
      this.skipping = false;
      if (wasSkipping) continue;
      if (tooLong) this.refuseTooLong();
      else this.handleLine(line);
    }
    if (this.skipping || data.length === 0) return;
    this.pending.push(data);
    this.pendingBytes += data.length;
    if (this.pendingBytes > this.maxMessageBytes) {
      // Answered now, so that the client does not wait for the rest; the rest is skipped.
      this.pending = [];
      this.pendingBytes = 0;
      this.skipping = true;
      this.refuseTooLong();
    }
  };

  private refuseTooLong(): void {
    this.reply(
      errorReply(
        null,
        ErrorCode.InvalidRequest,
        `Invalid Request: a message larger than ${this.maxMessageBytes} bytes`,
      ),
    );
  }

  private readonly onInputError = (error: Error) => this.onerror?.(error);

  async start(): Promise<void> {
    this.input.on('data', this.onData);
    this.input.on('error', this.onInputError);
  }

  private handleLine(raw: string): void {
    const line = raw.replace(/\r$/, '');
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      this.reply(errorReply(null, ErrorCode.ParseError, `Parse error: ${detail}`));
      return;
    }
    if (Array.isArray(value)) {
      if (value.length === 0) {
        this.reply(errorReply(null, ErrorCode.InvalidRequest, 'Invalid Request: an empty batch'));
        return;
      }
      const replies = value
        .filter((item) => !needsNoAnswer(item))
        .map((item) => errorReply(idOf(item), ErrorCode.InvalidRequest, NO_BATCHES));
      if (replies.length > 0) this.reply(replies);
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(value);
    if (!parsed.success) {
      this.reply(errorReply(idOf(value), ErrorCode.InvalidRequest, NOT_A_MESSAGE));
      return;
    }
    this.onmessage?.(parsed.data);
  }

  private reply(message: ErrorReply | ErrorReply[]): void {
    void this.write(message);
  }

  private write(message: unknown): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      if (this.output.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.output.once('drain', resolve);
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    return this.write(message);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.input.off('data', this.onData);
    this.input.off('error', this.onInputError);
    if (this.input.listenerCount('data') === 0) this.input.pause();
    this.pending = [];
    this.onclose?.();
  }
}
