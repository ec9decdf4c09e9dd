/**
 * The homeowner's private link in a stored email. The outbox keeps the email with a placeholder
 * where the link goes, and the worker puts the link in when it sends (the link is an HMAC of the
 * request's id, so it can always be made again): a copy of the outbox, sent or not, holds no
 * working link to anyone's request.
 */
import { requestPagePath } from "../requests/request-links";
import { foldCalendarLines, unfoldCalendarLines } from "./calendar";
import type { OutboxMessage } from "./message";

/** `{link:<id>}`: as long as a token (43 characters) for a UUID, and never a valid token. */
function placeholderToken(requestId: string): string {
  return `{link:${requestId}}`;
}

/** What an email about `requestId` carries where the private link will be. */
export function privateLinkPlaceholder(siteUrl: string, requestId: string): string {
  return `${siteUrl.replace(/\/$/, "")}${requestPagePath}/${placeholderToken(requestId)}`;
}

function isCalendar(contentType: string): boolean {
  return contentType.toLowerCase().startsWith("text/calendar");
}

/**
 * The message as it is sent: the private link of `requestId` (whose token is `token`) in place
 * of its placeholder, in the text, the HTML and a calendar file (unfolded, filled in and folded
 * again, so its lines keep their length). Only the placeholder of the request the email is about
 * is filled in: a placeholder typed into a form (shown in an office email) names another request
 * and stays as typed.
 */
export function withPrivateLink(
  message: OutboxMessage,
  requestId: string,
  token: string,
): OutboxMessage {
  const placeholder = `${requestPagePath}/${placeholderToken(requestId)}`;
  const link = `${requestPagePath}/${token}`;
  const fill = (content: string) => content.replaceAll(placeholder, link);
  return {
    ...message,
    text: fill(message.text),
    html: fill(message.html),
    ...(message.attachments
      ? {
          attachments: message.attachments.map((attachment) => ({
            ...attachment,
            content: isCalendar(attachment.contentType)
              ? foldCalendarLines(fill(unfoldCalendarLines(attachment.content)))
              : fill(attachment.content),
          })),
        }
      : {}),
  };
}

/** True when the message waits for a private link to be put in. */
export function needsPrivateLink(message: OutboxMessage, requestId: string): boolean {
  const placeholder = `${requestPagePath}/${placeholderToken(requestId)}`;
  return (
    message.text.includes(placeholder) ||
    message.html.includes(placeholder) ||
    (message.attachments ?? []).some((attachment) =>
      unfoldCalendarLines(attachment.content).includes(placeholder),
    )
  );
}

/** A text's body as it is sent: the private link of `requestId` in place of its placeholder. */
export function privateLinkIn(body: string, requestId: string, token: string): string {
  return body.replaceAll(
    `${requestPagePath}/${placeholderToken(requestId)}`,
    `${requestPagePath}/${token}`,
  );
}
