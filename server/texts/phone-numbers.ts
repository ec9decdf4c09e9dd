/**
 * A US phone number in E.164, or null when a text cannot go to it. The rule lives with the texts'
 * domain (app/domain/text-numbers.ts): the booking's notice names the text it sent by the same rule.
 */
export { e164Of } from "~/domain/text-numbers";
