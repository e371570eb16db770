/** `--pricing FILE`: the commands that show cost take it alike. */
export const PRICING = {
  type: 'string',
  arg: 'FILE',
  description:
    'price tokens with this JSON price table first, the bundled one for other models (docs/cost.md)',
  default: 'the bundled @pydantic/genai-prices table',
} as const;
