export { answerFromFindings, type HeuristicAnswer } from './propose.js';
export { OBSERVATIONS } from './rules.js';
export { HeuristicScanner } from './scanner.js';
export type { Finding } from './types.js';
