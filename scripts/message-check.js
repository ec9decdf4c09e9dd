// The check `node scripts/messages.js` runs before it compiles: every message has both languages,
// none is empty, and both name the same placeholders ({name}). A message missing in Spanish fails
// the build rather than showing English on a Spanish page.

/** The placeholders a message names: "Hola {name}" → ["name"]. */
function placeholders(text) {
  return [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
}

/** What is wrong between the English and Spanish message files, one line per problem. */
export function messageProblems(english, spanish) {
  const problems = [];
  const keys = (messages) => Object.keys(messages).filter((key) => key !== "$schema");
  for (const key of keys(english)) {
    if (!(key in spanish)) problems.push(`"${key}" has no Spanish (messages/es.json)`);
  }
  for (const key of keys(spanish)) {
    if (!(key in english)) problems.push(`"${key}" is in Spanish only (messages/en.json lacks it)`);
  }
  for (const key of keys(english)) {
    const [text, translation] = [english[key], spanish[key]];
    if (typeof text !== "string" || typeof translation !== "string") continue;
    if (text.trim() === "" || translation.trim() === "") problems.push(`"${key}" is empty`);
    if (placeholders(text).join() !== placeholders(translation).join()) {
      problems.push(`"${key}" names other placeholders in Spanish than in English`);
    }
  }
  return problems;
}
