import { cutMiddle, messageBody } from '../deepread/message.js';
import type { Citation } from '../deepread/types.js';
import { adapterFor } from '../transcript/host.js';
import type { TranscriptMessage } from '../transcript/messages.js';

/** Who wrote a cited message, in the words a person reads. */
type Speaker = 'person' | 'agent' | 'tool' | 'harness';

/** A citation with where it is: its session, who said it, and the message before it. */
export interface CitationInContext extends Citation {
  session_id?: string;
  speaker?: Speaker;
  /** The message before it in the same conversation: who, and its first line (cut). */
  before?: { speaker: Speaker; text: string };
}

const BEFORE_CHARS = 160;

function speakerOf(message: TranscriptMessage): Speaker {
  if (message.role === 'assistant') return 'agent';
  if (message.text.length === 0 && message.toolOutputs.length > 0) return 'tool';
  return message.meta ? 'harness' : 'person';
}

function firstLine(message: TranscriptMessage): string {
  const line =
    messageBody(message)
      .text.split('\n')
      .find((l) => l.trim().length > 0) ?? '';
  return cutMiddle(line.trim(), BEFORE_CHARS).text;
}

/** Where each message of one session is: who said it, and the message before it in its conversation. */
export type CitationIndex = Map<string, CitationInContext>;

/** The citation context of every message of one session, from its messages in file order. */
export function citationIndex(sessionId: string, messages: Iterable<TranscriptMessage>): CitationIndex {
  const found: CitationIndex = new Map();
  const previous = new Map<string, TranscriptMessage>();
  for (const message of messages) {
    const chain = message.sidechain ? 'side' : 'main';
    const before = previous.get(chain);
    found.set(String(message.id), {
      message_id: String(message.id),
      excerpt: '',
      session_id: sessionId,
      speaker: speakerOf(message),
      ...(before ? { before: { speaker: speakerOf(before), text: firstLine(before) } } : {}),
    });
    previous.set(chain, message);
  }
  return found;
}

/**
 * Looks cited messages up in the sessions they may come from (a rule seen in several sessions cites
 * several). A session whose index the caller already built (`known`, by path: from the messages the retro
 * read once) is not read again; any other transcript is read once, on first need. A citation found nowhere
 * is returned as it was.
 */
export function citationLocator(
  sessions: readonly { sessionId: string; path: string }[],
  known: ReadonlyMap<string, CitationIndex> = new Map(),
): (citation: Citation) => CitationInContext {
  const index = new Map(known);
  const indexOf = (session: { sessionId: string; path: string }) => {
    let found = index.get(session.path);
    if (found) return found;
    try {
      found = citationIndex(session.sessionId, adapterFor(session.path).messages(session.path));
    } catch {
      // A transcript that cannot be read again gives its citations no context; they stay as cited.
      found = new Map();
    }
    index.set(session.path, found);
    return found;
  };
  return (citation) => {
    for (const session of sessions) {
      const context = indexOf(session).get(citation.message_id);
      if (context) return { ...context, message_id: citation.message_id, excerpt: citation.excerpt };
    }
    return citation;
  };
}
