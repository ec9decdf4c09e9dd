/**
 * What the private page's forms answer (a refusal, a field's message), in the request's
 * language (issue 39). The server's refusals and the shared schemas keep their English words
 * (the desk, My day and the tests read them); a Spanish request's page shows them in Spanish,
 * the English message being the key, as app/lib/said-in.ts does for the public forms.
 */
import { displayDate } from "~/lib/dates";
import type { Locale } from "~/lib/locale";

import { maxPhotos } from "./photos";

const spanishAnswers: Record<string, string> = {
  "Choose what to do.": "Elija qué hacer.",
  "We'll call you to confirm a time.": "Le llamaremos para confirmar una hora.",
  "Too many changes today. Please call us.": "Demasiados cambios por hoy. Por favor, llámenos.",
  "Your other photos are still being added. Please wait for them, then try again.":
    "Todavía estamos agregando sus otras fotos. Espere a que terminen y vuelva a intentarlo.",
  [`This request has all the photos it can take (${maxPhotos}). Please call us.`]: `Esta solicitud ya tiene todas las fotos que admite (${maxPhotos}). Por favor, llámenos.`,
  "No more photos can be added from here today. Please call us.":
    "Hoy ya no se pueden agregar más fotos desde aquí. Por favor, llámenos.",
  "Choose one of the open windows.": "Elija uno de los horarios disponibles.",
  "This repair is already completed.": "Esta reparación ya está terminada.",
  "Texts were not asked for at booking.": "No pidió mensajes de texto cuando hizo la reservación.",
  "That is already your visit's window.": "Ese ya es el horario de su visita.",
  "That window just filled up": "Ese horario se acaba de llenar",
  "This request was cancelled.": "Esta solicitud fue cancelada.",
  "Many photos are arriving right now. Please try again in a minute.":
    "Estamos recibiendo muchas fotos en este momento. Vuelva a intentarlo en un minuto.",
  "Choose a photo to add.": "Elija una foto para agregar.",
  [`You can add up to ${maxPhotos} photos to a request.`]: `Puede agregar hasta ${maxPhotos} fotos a una solicitud.`,
  [`Add at most ${maxPhotos} photos of 10 MB each at a time.`]: `Agregue a la vez un máximo de ${maxPhotos} fotos de 10 MB cada una.`,
  "Card payments are not available right now. Please call us.":
    "Los pagos con tarjeta no están disponibles en este momento. Por favor, llámenos.",
  "Nothing is owed on this request now.": "Por ahora no se debe nada en esta solicitud.",
  "There is no estimate to answer yet.": "Todavía no hay un presupuesto que responder.",
  "The technician could not do this repair: there is no estimate to answer. The office will call you.":
    "El técnico no pudo hacer esta reparación: no hay presupuesto que responder. La oficina le llamará.",
  "The payment is recorded: the estimate cannot be changed.":
    "El pago ya está registrado: el presupuesto no se puede cambiar.",
  "The estimate was changed since you opened this page: read it again, then answer.":
    "El presupuesto cambió desde que abrió esta página: léalo de nuevo y luego responda.",
  "Type your name": "Escriba su nombre",
  "Use at most 100 characters": "Use 100 caracteres como máximo",
  "Tell us what went wrong this time": "Díganos qué pasó esta vez",
  "Use at most 1,000 characters": "Use 1,000 caracteres como máximo",
  "Use at most 2,000 characters": "Use 2,000 caracteres como máximo",
  "Choose 1 to 5 stars": "Elija de 1 a 5 estrellas",
  "Add one photo with the warranty visit.": "Agregue una sola foto con la visita de garantía.",
  "No more photos can be added to this request: book the visit without one, and show the technician when they come.":
    "Ya no se pueden agregar fotos a esta solicitud: reserve la visita sin foto y muéstrele el problema al técnico cuando llegue.",
  "Your warranty visit is already booked. You can move it on this page, or call us to change it.":
    "Su visita de garantía ya está reservada. Puede cambiarla en esta página o llamarnos.",
  "This repair has no warranty to claim from here. Book a new repair, or call us.":
    "Esta reparación no tiene una garantía que se pueda usar desde aquí. Reserve una nueva reparación o llámenos.",
  "This request was cancelled: book a new visit, or call us.":
    "Esta solicitud fue cancelada: reserve una nueva visita o llámenos.",
  "You already sent your review.": "Ya nos envió su reseña.",
  "You can rate the repair once it is done.":
    "Podrá calificar la reparación cuando esté terminada.",
};

const spanishDecisions: Record<string, string> = { approved: "aprobado", declined: "rechazado" };

/** The ones with a name, a phone number or a date in them. */
const spanishPatterns: ReadonlyArray<[RegExp, (match: RegExpExecArray) => string]> = [
  [
    /^Your visit starts soon: please call (.+) to (cancel|change) it\.$/,
    ([, phone, what]) =>
      `Su visita empieza pronto: llame al ${phone} para ${what === "cancel" ? "cancelarla" : "cambiarla"}.`,
  ],
  [
    /^The technician could not finish the repair, and the office will call you about what comes next\. To change anything, please call (.+)\.$/,
    ([, phone]) =>
      `El técnico no pudo terminar la reparación y la oficina le llamará para decirle cómo seguir. Para cambiar algo, llame al ${phone}.`,
  ],
  [
    /^This estimate was already (approved|declined)(?: by (.+))?\.$/,
    ([, decision = "", name]) =>
      `Este presupuesto ya fue ${spanishDecisions[decision] ?? decision}${name ? ` por ${name}` : ""}.`,
  ],
  [
    /^“(.+)” is not a JPEG, PNG or WebP photo\.$/,
    ([, name = ""]) => `“${fileName(name)}” no es una foto JPEG, PNG o WebP.`,
  ],
  [/^“(.+)” is larger than 10 MB\.$/, ([, name = ""]) => `“${fileName(name)}” pesa más de 10 MB.`],
  [
    /^“(.+)” could not be read as a photo\.$/,
    ([, name = ""]) => `“${fileName(name)}” no se pudo leer como foto.`,
  ],
  [
    /^Your warranty ended on (.+)\. Book a new repair, or call us\.$/,
    ([, ends = ""]) =>
      `Su garantía terminó el ${spanishDate(ends)}. Reserve una nueva reparación o llámenos.`,
  ],
];

/** A file without a name of its own is "The file" in the English message (./photos.ts). */
function fileName(shown: string): string {
  return shown === "The file" ? "El archivo" : shown;
}

const englishShortMonths = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split(" ");

/** "Feb 23, 2027" (as `formatCalendarDate` writes it) → "23 de febrero de 2027". */
function spanishDate(english: string): string {
  const match = /^([A-Z][a-z]{2}) (\d{1,2}), (\d{4})$/.exec(english);
  const month = match ? englishShortMonths.indexOf(match[1]!) : -1;
  if (!match || month < 0) return english;
  const iso = `${match[3]}-${String(month + 1).padStart(2, "0")}-${match[2]!.padStart(2, "0")}`;
  return displayDate(iso, "es");
}

/** `message` in `locale`; one without its Spanish stays as it is (English). */
export function pageAnswerIn(message: string, locale: Locale): string {
  if (locale === "en") return message;
  const known = spanishAnswers[message];
  if (known) return known;
  for (const [pattern, say] of spanishPatterns) {
    const match = pattern.exec(message);
    if (match) return say(match);
  }
  return message;
}

/** Each field's message in `locale`. */
export function pageFieldErrorsIn(
  errors: Partial<Record<string, string>>,
  locale: Locale,
): Partial<Record<string, string>> {
  if (locale === "en") return errors;
  return Object.fromEntries(
    Object.entries(errors).map(([field, message]) => [
      field,
      message === undefined ? message : pageAnswerIn(message, locale),
    ]),
  );
}
