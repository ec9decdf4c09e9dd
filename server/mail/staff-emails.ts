import { escapeHtml, htmlDocument, paragraphsAsHtml } from "./format";
import type { Mailbox, OutgoingEmail } from "./message";

export interface StaffInvitationEmail {
  id: string;
  email: string;
  name: string;
  inviterName: string;
  link: string;
  from: Mailbox;
  siteHost: string;
}

/** The invitation to the office desk: a one-time link where the new person sets a password. */
export function invitationEmail(invitation: StaffInvitationEmail): OutgoingEmail {
  const subject = "Your account for the office desk";
  const paragraphs = [
    `Hello ${invitation.name},`,
    `${invitation.inviterName} invited you to the office desk, where the company's service requests and messages are worked.`,
    "Open the link below within 72 hours to choose your password. It works once.",
  ];
  const footer =
    "If you did not expect this email, ignore it: nothing happens until the link is used.";
  return {
    kind: "staff.invitation",
    cause: "office",
    message: {
      from: invitation.from,
      to: invitation.email,
      subject,
      text: `${paragraphs.join("\n\n")}\n\n${invitation.link}\n\n${footer}\n`,
      html: htmlDocument(
        subject,
        `${paragraphsAsHtml(paragraphs)}\n<p><a href="${escapeHtml(invitation.link)}">Choose your password</a></p>\n` +
          `<p style="font-size:13px;color:#475569">${escapeHtml(footer)}</p>`,
      ),
      messageId: `<staff-invitation-${invitation.id}@${invitation.siteHost}>`,
    },
  };
}
