/**
 * The estimate waiting for the homeowner's answer: "Alex sent an estimate: $195. Review and
 * approve", in the branded layout, with its lines one to a row and the private page's link (a
 * placeholder the outbox worker fills in). The lines are the technician's words; nothing the
 * homeowner typed is repeated.
 */
import type { CompanyProfile } from "~/content/company";
import { serviceCallSentence, type ServiceCallPolicy } from "~/domain/prices";
import type { Locale } from "~/lib/locale";

import { messageId, type MailContext } from "./context";
import { brandedHtml, brandedText, headerSafe, type BrandedEmail } from "./format";
import { homeownerWords, type HomeownerWords } from "./homeowner-words";
import type { OutgoingEmail } from "./message";
import { spanishLineKind } from "./spanish-words";
import { homeownerLink } from "./visit-emails";

/** What the email's kind is: the news module counts and cancels by it. */
export const estimateSentEmailKind = "estimate.sent.customer";

export interface EstimateSent {
  requestId: string;
  email: string;
  appliance: string;
  reference: string | null;
  /** "Alex": the technician's first name only. */
  technician: string;
  /** The lines as shown: "Part", "Igniter DC97-14486A", "$145.00". */
  lines: readonly { kind: string; description: string; amount: string }[];
  /** "$245.00". */
  total: string;
  /** "$245" (cents only when there are some): the subject's amount. */
  shortTotal: string;
  /** Which writing of the estimate (its time, in milliseconds): each has its own email. */
  version: number;
  /** The service call the booking was shown; null when the office set none. */
  serviceCall: ServiceCallPolicy | null;
  requestUrl: string;
  /** The homeowner's language (issue 39): the email's words follow it. */
  language: Locale;
}

/** "Alex sent an estimate: $195. Review and approve": the subject, and the text's first words. */
export function estimateSentWords(technician: string, shortTotal: string): string {
  return `${technician} sent an estimate: ${shortTotal}. Review and approve`;
}

/** The estimate's email in each language (issue 39); the lines stay as the technician wrote them. */
interface EstimateWords {
  common: HomeownerWords;
  subject(technician: string, shortTotal: string): string;
  title(technician: string, shortTotal: string): string;
  preview(applianceNoun: string): string;
  estimate: string;
  total: string;
  lineKind(kind: string): string;
  approve: string;
  wrote(technician: string, applianceNoun: string, office: CompanyProfile): string;
  serviceCall(policy: ServiceCallPolicy): string;
}

const estimateWords: Record<Locale, EstimateWords> = {
  en: {
    common: homeownerWords.en,
    subject: estimateSentWords,
    title: (technician, shortTotal) => `${technician} sent an estimate: ${shortTotal}`,
    preview: (applianceNoun) =>
      `Review the estimate for your ${applianceNoun} repair, then approve or decline it on your request's page.`,
    estimate: "Estimate",
    total: "Total",
    lineKind: (kind) => kind,
    approve: "Review and approve",
    wrote: (technician, applianceNoun, office) =>
      `${technician} from ${office.shortName} wrote this estimate for the repair of your ${applianceNoun}. Review it on your request's page, then approve or decline it there, or tell ${technician}.`,
    serviceCall: (policy) => serviceCallSentence(policy, "en"),
  },
  es: {
    common: homeownerWords.es,
    // As the text says it (server/texts/messages.ts).
    subject: (technician, shortTotal) =>
      `${technician} le manda un presupuesto de ${shortTotal}. Véalo y apruébelo`,
    title: (technician, shortTotal) => `${technician} le manda un presupuesto de ${shortTotal}`,
    preview: (applianceNoun) =>
      `Revise el presupuesto para reparar su ${applianceNoun} y apruébelo o rechácelo en la página de su solicitud.`,
    estimate: "Presupuesto",
    total: "Total",
    lineKind: spanishLineKind,
    approve: "Revisar y aprobar",
    wrote: (technician, applianceNoun, office) =>
      `${technician}, de ${office.shortName}, preparó este presupuesto para reparar su ${applianceNoun}. Revíselo en la página de su solicitud y apruébelo o rechácelo ahí mismo, o dígaselo a ${technician}.`,
    serviceCall: (policy) => serviceCallSentence(policy, "es"),
  },
};

export function estimateSentEmail(estimate: EstimateSent, context: MailContext): OutgoingEmail {
  const { office } = context;
  const words = estimateWords[estimate.language];
  const { common } = words;
  const applianceNoun = common.applianceNoun(estimate.appliance);
  const link = homeownerLink(estimate.requestUrl, estimate.requestId, context);
  const email: BrandedEmail = {
    language: estimate.language,
    title: words.title(estimate.technician, estimate.shortTotal),
    preview: words.preview(applianceNoun),
    siteUrl: context.siteUrl,
    companyName: common.officeName(office),
    facts: [
      ...(estimate.reference
        ? [{ label: common.labels.reference, value: estimate.reference }]
        : []),
      { label: common.labels.appliance, value: common.appliance(estimate.appliance) },
      { label: words.estimate, value: estimate.total },
    ],
    lines: {
      caption: words.estimate,
      rows: estimate.lines.map((line) => ({
        item: `${words.lineKind(line.kind)}: ${line.description}`,
        amount: line.amount,
      })),
      total: { item: words.total, amount: estimate.total },
    },
    action: link === "" ? null : { label: words.approve, url: `${link}#estimate` },
    paragraphs: [
      words.wrote(estimate.technician, applianceNoun, office),
      ...(estimate.serviceCall ? [words.serviceCall(estimate.serviceCall)] : []),
      `${common.questions} ${common.call(office)}`,
    ],
    footer: common.footer(office),
  };
  return {
    kind: estimateSentEmailKind,
    // The technician's doing, for a request they work: the office's budget (decision 0019).
    cause: "office",
    message: {
      from: context.from,
      to: estimate.email,
      replyTo: { name: office.name, address: office.email },
      subject: headerSafe(words.subject(estimate.technician, estimate.shortTotal)),
      text: brandedText(email),
      html: brandedHtml(email),
      messageId: messageId(`estimate-${estimate.requestId}-${estimate.version}`, context),
    },
  };
}
