import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names. Deliberately without tailwind-merge (7 KB of JavaScript on every page):
 * components offer variants instead of letting callers override conflicting utilities.
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
