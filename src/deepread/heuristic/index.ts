export { answerFromFindings, type HeuristicAnswer } from './propose.js';
export { RULES } from './rules.js';
export { HeuristicScanner } from './scanner.js';
export type { Finding } from './types.js';
