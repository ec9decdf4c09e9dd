/** What is wrong between the English and Spanish message files, one line per problem. */
export function messageProblems(
  english: Record<string, unknown>,
  spanish: Record<string, unknown>,
): string[];
