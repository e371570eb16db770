let issued = 0;

/**
 * A name part that no other writer picks at the same moment: this process's id, the time, a counter of
 * the names this process gave out and random digits. What makes a clash harmless is the exclusive create
 * that every caller does with it (`wx`, mkdir), not the name: the name only has to make a clash rare, so
 * it needs no cryptographic randomness, and node:crypto (about 4 ms to load) stays out of the friction
 * hook, which takes a lock and writes through a temp file after every failed tool call.
 */
export function uniqueToken(): string {
  issued++;
  const random = Math.floor(Math.random() * 0x1_0000_0000)
    .toString(16)
    .padStart(8, '0');
  return `${process.pid}.${Date.now().toString(36)}${issued.toString(36)}${random}`;
}
