import type { CompanyProfile } from "~/content/company";
import type { Locale } from "~/lib/locale";

import { messageId, type MailContext } from "./context";
import { escapeHtml, htmlDocument, paragraphsAsHtml } from "./format";
import { homeownerWords } from "./homeowner-words";
import type { OutgoingEmail } from "./message";

export interface NewSubscriber {
  id: string;
  email: string;
  unsubscribeToken: string;
  /** Tells a welcome apart from the welcome back after unsubscribing and subscribing again. */
  subscribedAt: Date;
  /** The language of the page they subscribed on (issue 39). */
  language: Locale;
}

interface WelcomeWords {
  subject(office: CompanyProfile): string;
  paragraphs(office: CompanyProfile): string[];
  footer: string;
  unsubscribe: string;
}

const welcomeWords: Record<Locale, WelcomeWords> = {
  en: {
    subject: (office) => `Welcome to the ${office.shortName} newsletter`,
    paragraphs: (office) => [
      "Thank you for subscribing.",
      "A few times a year we send appliance care tips, seasonal maintenance reminders and offers from your local repair team.",
      homeownerWords.en.officeName(office),
      office.address,
    ],
    footer: "You receive this email because you subscribed on our website.",
    unsubscribe: "Unsubscribe",
  },
  es: {
    subject: (office) => `Le damos la bienvenida al boletín de ${office.shortName}`,
    paragraphs: (office) => [
      "Gracias por suscribirse.",
      "Unas cuantas veces al año le enviamos consejos para cuidar sus electrodomésticos, recordatorios de mantenimiento de temporada y ofertas de su equipo local de reparación.",
      homeownerWords.es.officeName(office),
      office.address,
    ],
    footer: "Recibe este correo porque se suscribió en nuestro sitio web.",
    unsubscribe: "Cancelar la suscripción",
  },
};

export function unsubscribeUrl(siteUrl: string, token: string): string {
  return `${siteUrl}/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** The welcome, with the unsubscribe link and one-click headers (RFC 8058) bulk mail needs. */
export function welcomeEmail(subscriber: NewSubscriber, context: MailContext): OutgoingEmail {
  const { office } = context;
  const link = unsubscribeUrl(context.siteUrl, subscriber.unsubscribeToken);
  const mailto = `mailto:${office.email}?subject=unsubscribe`;
  const words = welcomeWords[subscriber.language];
  const subject = words.subject(office);
  const paragraphs = words.paragraphs(office);
  const { footer } = words;
  return {
    kind: "newsletter.welcome",
    cause: "website",
    message: {
      from: context.from,
      to: subscriber.email,
      replyTo: { name: office.name, address: office.email },
      subject,
      text: `${paragraphs.join("\n\n")}\n\n${footer}\n${words.unsubscribe}: ${link}\n`,
      html: htmlDocument(
        subject,
        `${paragraphsAsHtml(paragraphs)}\n<p style="font-size:13px;color:#475569">${escapeHtml(footer)} ` +
          `<a href="${escapeHtml(link)}">${escapeHtml(words.unsubscribe)}</a></p>`,
        subscriber.language,
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
