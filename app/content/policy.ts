import { brandName, companyDomain, formatPhone, profileForState } from "./company";

export const policyEffectiveDate = "04.24.2025";

export interface PolicySection {
  heading: string;
  paragraphs: readonly string[];
  list?: readonly string[];
  /** A paragraph after the list. */
  closing?: string;
}

const privacyEmail = `privacy@${companyDomain}`;
const mailingOffice = profileForState("texas");

export const policySections: readonly PolicySection[] = [
  {
    heading: "About This Policy",
    paragraphs: [
      `${brandName} (“we,” “us” or “our”) repairs home appliances in Virginia, New Jersey, Texas, North Carolina, Florida and Massachusetts. This privacy policy explains what personal information we collect through ${companyDomain}, by phone and by email, how we use it, and the choices you have.`,
      "By using this website or requesting service from us, you agree to the practices described here. If you have any questions, the last section of this policy explains how to reach us.",
    ],
  },
  {
    heading: "Information We Collect",
    paragraphs: [
      "We collect only the information you choose to give us, plus a small amount of technical information needed to run the website:",
    ],
    list: [
      "Contact details: your name, phone number and email address, when you request service, send us a message or call us.",
      "The content of your inquiries and service requests, such as the subject and text of a message or a description of the problem with your appliance.",
      "Booking details: your service address and ZIP code, your preferred date and time, and appliance details such as the type, brand, model and serial number.",
      "Newsletter sign-ups: the email address you subscribe with.",
      "Where you came from: when you arrive from one of our ads or another website's link, which campaign or website sent you (see Advertising and Cookies below).",
      "Approximate location: when you visit, the site looks up your approximate city and state from your IP address so it can show the office that serves your area. The lookup happens on our server for that visit only: nothing about it is stored in your browser, and it is not a cookie.",
    ],
  },
  {
    heading: "How We Use Your Information",
    paragraphs: ["We use the information we collect to:"],
    list: [
      "Schedule, perform and follow up on appliance repairs, including warranty work.",
      "Reply to your messages, questions and service requests.",
      "Send our newsletter, but only if you subscribed to it. Every newsletter email includes an unsubscribe link, and you can leave the list at any time.",
      "Send service messages such as appointment confirmations, reminders and invoices, which are part of the service you asked for.",
      "Measure how well our advertising works and improve our website and service.",
      "Keep records required for accounting, tax and legal purposes, and protect against fraud or misuse.",
    ],
  },
  {
    heading: "Advertising and Cookies",
    paragraphs: [
      "We use an advertising service, Google Ads, to show our ads and to measure how many people reach our website from them and contact us. Google processes information about your interaction with its ads under its own privacy policy, and you can manage how Google personalizes ads in your Google account's ad settings.",
      "Our website does not use cookies to track you across other websites, to show you ads or to build a profile of you, and it places no third-party cookies.",
      "It keeps one first-party cookie, and only when you arrive from one of our ads or from a link on another website: it records which campaign or website sent you (with the ad's click number, if there was one), the page you landed on and when, so that we know which of our advertising brings customers. It lasts 90 days, no script can read it, and it is not set when you come to the site directly. If you then request service or send us a message, that record is kept with your request or message, and erased with it when you ask us to erase your records.",
      "When a repair that began with a click on one of our Google ads is paid, we may tell Google Ads that click's number, when the repair was paid and its amount, so that Google can count which of our ads bring customers. We never send Google your name, phone number, email address or street address.",
    ],
  },
  {
    heading: "How We Share Information",
    paragraphs: [
      "We do not sell your personal information, and we do not give your name, phone number or email address to advertisers. We share information only as needed to serve you:",
    ],
    list: [
      "With our technicians and office staff, who need your details to schedule and perform your repair.",
      "With service providers that help us run the business, such as website hosting, email delivery and location lookup, who may use the information only to provide their services to us.",
      "With an appliance manufacturer or its warranty administrator, when you ask us to handle a repair covered by the manufacturer's warranty.",
      "When the law requires it, or to protect the rights, property or safety of our customers, our staff or others.",
      "With a buyer or successor if our business is sold or merged, in which case this policy will continue to apply to your information.",
    ],
  },
  {
    heading: "How Long We Keep Information",
    paragraphs: [
      "We keep records of service visits for as long as we need them to honor our repair warranty and to meet tax and accounting requirements. Messages and requests that do not lead to a service visit are deleted when they are no longer needed, and no later than two years after our last contact with you.",
      "If you unsubscribe from our newsletter, we stop sending it right away and keep your email address only on a suppression list so that you are not added again by mistake.",
      "The emails we send you (confirmations, replies) are kept in full for 30 days after they are sent, in case one needs to be sent again; after that we keep only the date, the subject line and the address it went to.",
      "Photos you add to a request on its private page are copied without their location, camera or other hidden details, seen only by our office staff and technicians, and kept with the request; they are deleted with it, or when you ask us to erase your records.",
    ],
  },
  {
    heading: "How We Protect Information",
    paragraphs: [
      "Our website is served over an encrypted (HTTPS) connection, and access to customer records is limited to the staff who need it to do their jobs. No method of transmission or storage is completely secure, but we use reasonable administrative, technical and physical safeguards to protect your information. Please don't send payment card numbers by email or through our website forms.",
    ],
  },
  {
    heading: "Children's Privacy",
    paragraphs: [
      "Our website and services are intended for adults. We do not knowingly collect personal information from children under 13. If you believe a child has given us personal information, contact us and we will delete it.",
    ],
  },
  {
    heading: "Your Privacy Rights",
    paragraphs: [
      "Residents of states with consumer privacy laws, including Virginia, Texas and New Jersey, have rights over their personal information. We honor these requests from every customer, wherever you live:",
    ],
    list: [
      "Access: ask whether we hold personal information about you and get a copy of it.",
      "Correction: ask us to fix information that is inaccurate.",
      "Deletion: ask us to delete your personal information, except what we must keep by law.",
      "Opt out: we do not sell personal information or use it for targeted advertising or profiling, but you may still tell us not to.",
      "Appeal: if we decline your request, you may appeal our decision by replying to our response; if you are not satisfied with the outcome, you may contact your state attorney general.",
    ],
    closing:
      "To make a request, call or write to the office nearest you. Once we have checked that the request comes from you, we send you a copy of every record we hold about you (service requests, messages, newsletter subscription and the emails we sent you), or we erase those records: your name, contact details, descriptions and photos are removed, emails not yet sent are cancelled, and only an anonymous record that a request existed remains for our counts. We answer within 45 days.",
  },
  {
    heading: "Changes to This Policy",
    paragraphs: [
      "We may update this privacy policy from time to time. When we do, we will post the new version on this page and change the effective date at the top. If we make a significant change to how we use personal information, we will say so on our website before the change takes effect.",
    ],
  },
  {
    heading: "Contact Us",
    paragraphs: [
      `To make a privacy request or ask a question about this policy, email us at ${privacyEmail} or write to us at ${mailingOffice.name}, Attn: Privacy, ${mailingOffice.address}. You can also call ${formatPhone(mailingOffice.phone)}, Monday through Saturday, 8 AM to 6 PM ${mailingOffice.timeZoneLabel} time.`,
      "We respond to privacy requests within 45 days. To protect your information, we may ask you to confirm your identity, for example by verifying the phone number or email address we have on file.",
    ],
  },
];
