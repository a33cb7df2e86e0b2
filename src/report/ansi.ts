/** The few ANSI styles terminal output uses; identity functions when color is off. */
const CODES = { bold: [1, 22], dim: [2, 22], red: [31, 39], green: [32, 39], yellow: [33, 39], cyan: [36, 39] } as const;

export type Style = keyof typeof CODES;
export type Paint = (style: Style, text: string) => string;

export function painter(color: boolean): Paint {
  if (!color) return (_style, text) => text;
  return (style, text) => `\u001b[${CODES[style][0]}m${text}\u001b[${CODES[style][1]}m`;
}
