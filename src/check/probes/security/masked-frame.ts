/**
 * Evidence for a secret found in a frame: the frame with the secret itself replaced, so the
 * finding can show where it was even where a report's redactor would not recognise the value.
 */
import { literalForms } from '../../../wire/secret-values.js';
import type { Frame } from '../../../wire/trace.js';

/** The same word the report redactor writes (report/redact.ts), which this layer cannot import. */
const MASK = 'REDACTED';

export function maskedFrame(frame: Frame, values: readonly string[]): Frame {
  const forms = [...new Set(values.flatMap((value) => [value, ...literalForms(value)]))].filter(Boolean).sort((a, b) => b.length - a.length);
  const mask = (text: string) => forms.reduce((out, form) => out.split(form).join(MASK), text);
  const out: Frame = { ...frame, raw: mask(frame.raw) };
  if (frame.message !== undefined) {
    try {
      out.message = JSON.parse(mask(JSON.stringify(frame.message)));
    } catch {
      // Masking broke the JSON text: the raw text alone stays.
      delete out.message;
    }
  }
  return out;
}
