/**
 * Boundary values of scalar schemas: the edges of what the schema admits (min and max, the
 * shortest and longest strings, zero, -1, the largest safe integers) and the awkward values
 * servers forget (the empty string, a lone space, an emoji). Each list starts with its smallest
 * value, so shrinking walks towards it. All are meant valid; the caller's validator decides.
 */
import type { JsonObject } from '../../protocol/jsonrpc.js';
import { count, integerBounds, numberBounds } from './keywords.js';

/** Strings longer than this are not made up when the schema sets no maxLength. */
const LONG_STRING = 10_000;

export function stringBoundaries(schema: JsonObject): string[] {
  const min = count(schema.minLength) ?? 0;
  const max = count(schema.maxLength);
  const values = ['a'.repeat(min), ''];
  if (max !== undefined) values.push('a'.repeat(Math.min(max, LONG_STRING * 10)));
  else values.push('a'.repeat(Math.max(min, LONG_STRING)));
  values.push(' ', '\n', '0', '-1', '😀', 'é', '\u0000', '../', '%s');
  const fits = (value: string) => [...value].length >= min && (max === undefined || [...value].length <= max);
  return unique(values.filter(fits));
}

export function integerBoundaries(schema: JsonObject): number[] {
  const { min, max } = integerBounds(schema);
  const { multipleOf } = numberBounds(schema);
  const values = [0, min, max, min + 1, max - 1, -1, 1, 2 ** 31 - 1, -(2 ** 31), 2 ** 32, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER];
  return unique(values.filter((value) => value >= min && value <= max && (multipleOf === undefined || Number.isInteger(value / multipleOf)))).sort(byMagnitude);
}

export function numberBoundaries(schema: JsonObject): number[] {
  const bounds = numberBounds(schema);
  const values = [0, -1, 1, 0.5, -0.5, 1e-9, 1e308, -1e308, Number.MAX_SAFE_INTEGER];
  if (bounds.min !== undefined) values.push(bounds.minExcluded ? nextUp(bounds.min) : bounds.min);
  if (bounds.max !== undefined) values.push(bounds.maxExcluded ? nextDown(bounds.max) : bounds.max);
  const fits = (value: number) =>
    (bounds.min === undefined || (bounds.minExcluded ? value > bounds.min : value >= bounds.min)) &&
    (bounds.max === undefined || (bounds.maxExcluded ? value < bounds.max : value <= bounds.max)) &&
    (bounds.multipleOf === undefined || Number.isInteger(value / bounds.multipleOf));
  return unique(values.filter(fits)).sort(byMagnitude);
}

/** The smallest double above / below a value. */
function nextUp(value: number): number {
  return value + Math.max(Number.EPSILON * Math.abs(value), Number.MIN_VALUE);
}
function nextDown(value: number): number {
  return value - Math.max(Number.EPSILON * Math.abs(value), Number.MIN_VALUE);
}

function byMagnitude(a: number, b: number): number {
  return Math.abs(a) - Math.abs(b) || a - b;
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}
