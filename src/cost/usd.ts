/** Dollars as the table shows them: cents, or a tenth of a cent below a cent. */
export function usd(value: number): string {
  return value !== 0 && Math.abs(value) < 0.01 ? `$${value.toFixed(3)}` : `$${value.toFixed(2)}`;
}
