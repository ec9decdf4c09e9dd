import { messageId, type MailContext } from "./context";
import { escapeHtml, htmlDocument, paragraphsAsHtml } from "./format";
import type { OutgoingEmail } from "./message";

export interface NewSubscriber {
  id: string;
  email: string;
  unsubscribeToken: string;
  /** Tells a welcome apart from the welcome back after unsubscribing and subscribing again. */
  subscribedAt: Date;
}

export function unsubscribeUrl(siteUrl: string, token: string): string {
  return `${siteUrl}/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** The welcome, with the unsubscribe link and one-click headers (RFC 8058) bulk mail needs. */
export function welcomeEmail(subscriber: NewSubscriber, context: MailContext): OutgoingEmail {
  const { office } = context;
  const link = unsubscribeUrl(context.siteUrl, subscriber.unsubscribeToken);
  const mailto = `mailto:${office.email}?subject=unsubscribe`;
  const subject = `Welcome to the ${office.shortName} newsletter`;
  const paragraphs = [
    "Thank you for subscribing.",
    "A few times a year we send appliance care tips, seasonal maintenance reminders and offers from your local repair team.",
    office.name,
    office.address,
  ];
  const footer = "You receive this email because you subscribed on our website.";
  return {
    kind: "newsletter.welcome",
    cause: "website",
    message: {
      from: context.from,
      to: subscriber.email,
      replyTo: { name: office.name, address: office.email },
      subject,
      text: `${paragraphs.join("\n\n")}\n\n${footer}\nUnsubscribe: ${link}\n`,
      html: htmlDocument(
        subject,
        `${paragraphsAsHtml(paragraphs)}\n<p style="font-size:13px;color:#475569">${escapeHtml(footer)} ` +
          `<a href="${escapeHtml(link)}">Unsubscribe</a></p>`,
      ),
      messageId: messageId(
        `newsletter-welcome-${subscriber.id}-${subscriber.subscribedAt.getTime()}`,
        context,
      ),
      headers: {
        "List-Unsubscribe": `<${link}>, <${mailto}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
    },
  };
}
