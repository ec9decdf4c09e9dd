/**
 * What the homeowner's private pages say (`/requests/{token}`, its receipt and pay pages), in the
 * language the request was booked in (issue 39): the server's view and answers and the page's
 * components read the same words. English keeps the words the page always had; the Spanish is US
 * Spanish with "usted" and the trade's words of docs/glossary-es.md. One interface for both, so
 * a missing Spanish word fails the type check.
 */
import type { Locale } from "~/lib/locale";

import type { PaymentMethod } from "./after-the-job";
import { englishEstimateColumns, type EstimateColumns } from "./estimate-columns";
import { reviewWords } from "./reviews";
import { visitLabel } from "./visit";
import { callbackFormWords, warrantyMessages } from "./warranty";

export interface RequestPageWords {
  title: string;
  description: string;
  heading: string;
  // The summary.
  cancelled: string;
  cancelledNote: string;
  bookNewVisit: string;
  repairOf: (appliance: string) => string;
  reference: string;
  visit: string;
  visits: string;
  visitState: Record<"requested" | "confirmed" | "done" | "cancelled" | "waiting-for-part", string>;
  weWillCall: string;
  address: string;
  serviceCall: string;
  office: string;
  // The timeline.
  status: string;
  notYet: string;
  received: string;
  confirmed: string;
  confirmedFor: (visit: string) => string;
  completed: string;
  // The technician's taps.
  yourTechnician: string;
  onTheWay: (technician: string) => string;
  onTheWayAbout: (technician: string, about: string) => string;
  arrived: (technician: string) => string;
  done: (technician: string, at: string | null) => string;
  needsPart: (technician: string, part: string | null) => string;
  cantFix: (technician: string) => string;
  cantFixChange: (phone: string) => string;
  // Visits.
  visitLabel: (number: number) => string;
  warrantyVisit: string;
  warrantyVisitNoCharge: string;
  outcome: Record<"done" | "needs-part" | "cant-fix", string>;
  // The cancel question.
  cancelAsk: string;
  cancelAskNote: string;
  cancelYes: string;
  cancelKeep: string;
  // Changes.
  startsSoon: string;
  changeHeading: string;
  moveButton: string;
  cancelButton: string;
  moveLegend: string;
  yourVisitNow: string;
  markedYourVisit: string;
  yourVisit: string;
  noOtherWindow: string;
  moreDays: string;
  // Photos.
  yourPhotos: string;
  photosHeading: string;
  photosNote: (stored: number, max: number) => string;
  addPhotosLabel: (left: number) => string;
  addPhotos: string;
  photoAlt: (index: number, count: number) => string;
  // Texts.
  texts: string;
  textsOn: (phone: string) => string;
  textsOff: (phone: string) => string;
  turnTextsOff: string;
  turnTextsOn: string;
  // What the page says once a change went through.
  didCancel: string;
  didMove: (visit: string | null) => string;
  didTextsOff: string;
  didTextsOn: string;
  didWarranty: (visit: string | null) => string;
  didApprove: string;
  didDecline: string;
  didPhotos: (added: number) => string;
  // The balance.
  balance: (due: string) => string;
  partDeposit: (due: string) => string;
  partDepositPaidHeading: string;
  depositPaid: (amount: string, method: string, when: string) => string;
  orderingPart: string;
  confirming: string;
  partNote: (price: string | null) => string;
  payNote: string;
  payByCard: string;
  depositButton: (amount: string) => string;
  callToPayDeposit: (phone: string) => string;
  payTechnician: (phone: string) => string;
  paymentMethod: Record<PaymentMethod, string>;
  // The warranty.
  warrantyVisitHeading: string;
  noCharge: string;
  comeBack: (visit: string | null) => string;
  guaranteedUntil: (ends: string) => string;
  anotherRepair: string;
  warrantyEnded: (ends: string) => string;
  bookNewRepair: string;
  sameProblem: string;
  /** "Your repair is guaranteed until <ends>. If … at <no charge>: …", the two in bold. */
  warrantyOffer: { until: string; comesBack: string; noCharge: string; rest: string };
  warrantyLegend: string;
  bookWarranty: string;
  callbackProblem: string;
  callbackProblemHint: string;
  callbackPhoto: string;
  callbackPhotoHint: string;
  callbackTold: string;
  // The estimate.
  yourEstimate: string;
  written: (at: string) => string;
  estimateNote: string;
  yourName: string;
  approveEstimate: string;
  declineEstimate: string;
  columns: EstimateColumns;
  // The receipt.
  servicePaid: string;
  paid: string;
  warranty: (terms: string) => string;
  viewReceipt: string;
  receipt: string;
  estimate: string;
  earlierReceipt: (date: string) => string;
  print: string;
  printHint: string;
  payTitle: string;
  payByCardTitle: string;
  payFromPage: string;
  backToRequest: string;
  receiptTitle: string;
  receiptDescription: string;
  payDescription: string;
  // The review.
  howDid: (technician: string) => string;
  reviewLegend: string;
  stars: (stars: number) => string;
  starsOutOfFive: (stars: number) => string;
  reviewWordsLabel: string;
  reviewPermission: string;
  reviewSubmit: string;
  reviewThanks: string;
  youGave: (stars: string) => string;
  googleNote: string;
  google: string;
}

const english: RequestPageWords = {
  title: "Your Repair Request",
  description: "Follow, change or cancel your appliance repair visit.",
  heading: "Your repair request",
  cancelled: "Cancelled",
  cancelledNote: "This visit will not take place. Need the repair after all?",
  bookNewVisit: "Book a new visit",
  repairOf: (appliance) => `${appliance} repair`,
  reference: "Reference",
  visit: "Visit",
  visits: "Visits",
  visitState: {
    requested: "requested",
    confirmed: "confirmed",
    done: "done",
    cancelled: "cancelled",
    "waiting-for-part": "waiting for a part",
  },
  weWillCall: "We will call you to choose a time.",
  address: "Address",
  serviceCall: "Service call",
  office: "Office",
  status: "Status",
  notYet: "(not yet)",
  received: "Request received",
  confirmed: "Visit confirmed",
  confirmedFor: (visit) => `Visit confirmed: ${visit}`,
  completed: "Repair completed",
  yourTechnician: "Your technician",
  onTheWay: (technician) => `${technician} is on the way`,
  onTheWayAbout: (technician, about) => `${technician} is on the way, arriving about ${about}`,
  arrived: (technician) => `${technician} has arrived`,
  done: (technician, at) => `Completed: ${technician} finished the repair${at ? ` (${at})` : ""}.`,
  needsPart: (technician, part) =>
    `Waiting for a part: ${technician} found that the repair needs ${part ?? "a part"}. We will book your return visit when it arrives and send you its time.`,
  cantFix: (technician) =>
    `${technician} could not finish the repair on this visit. The office will call you about what comes next.`,
  cantFixChange: (phone) =>
    `The technician could not finish the repair, and the office will call you about what comes next. To change anything, please call ${phone}.`,
  visitLabel,
  warrantyVisit: "Warranty visit",
  warrantyVisitNoCharge: "Warranty visit (no charge)",
  outcome: { done: "done", "needs-part": "needed a part", "cant-fix": "could not be repaired" },
  cancelAsk: "Cancel this visit?",
  cancelAskNote: "The office will free the time for someone else. You can always book a new visit.",
  cancelYes: "Yes, cancel the visit",
  cancelKeep: "Keep my visit",
  startsSoon: "Your visit starts soon. To change or cancel it, please call",
  changeHeading: "Change your visit",
  moveButton: "Move my visit",
  cancelButton: "Cancel this visit",
  moveLegend: "Move to another open window",
  yourVisitNow: "Your visit now:",
  markedYourVisit: "(marked “Your visit”).",
  yourVisit: "Your visit",
  noOtherWindow: "No other window is open in the next three weeks. Please call us to find a time.",
  moreDays: "More days",
  yourPhotos: "Your photos",
  photosHeading: "Photos for the technician",
  photosNote: (stored, max) =>
    `A photo of the error code, the model plate or the problem helps us bring the right part. ${stored} of ${max} added.`,
  addPhotosLabel: (left) =>
    `Add up to ${left} photo${left === 1 ? "" : "s"} (JPEG, PNG or WebP, 10 MB each)`,
  addPhotos: "Add photos",
  photoAlt: (index, count) => `Photo ${index} of ${count}`,
  texts: "Texts",
  textsOn: (phone) =>
    `We text ${phone} about this repair: the booking, the reminder and when the technician is on the way.`,
  textsOff: (phone) => `Texts to ${phone} are off for this repair.`,
  turnTextsOff: "Turn texts off",
  turnTextsOn: "Turn texts on",
  didCancel: "Your visit is cancelled. We have let the office know.",
  didMove: (visit) =>
    `Your visit is moved to ${visit ?? "the new window"}. The office will confirm it.`,
  didTextsOff: "Texts are off. You still get emails.",
  didTextsOn: "Texts are on again.",
  didWarranty: (visit) => warrantyMessages.booked(visit ?? "the window you chose"),
  didApprove: "Thank you: the estimate is approved. Your technician sees it now.",
  didDecline: "The estimate is declined. Your technician sees it now.",
  didPhotos: (added) =>
    `Thank you: ${added} photo${added === 1 ? "" : "s"} added for the technician.`,
  balance: (due) => `Balance ${due}`,
  partDeposit: (due) => `Part deposit ${due}`,
  partDepositPaidHeading: "Part deposit paid",
  depositPaid: (amount, method, when) => `Part deposit paid: ${amount} ${method} on ${when}`,
  orderingPart: "We are ordering your part; the deposit counts toward your final bill.",
  confirming:
    "Thank you: Stripe is confirming your payment. This page updates by itself in a moment.",
  partNote: (price) =>
    `Your repair needs a part${price ? ` that costs ${price}` : ""}. We order it once this deposit is paid, and the deposit counts toward your final bill. `,
  payNote: "Pay securely by card on Stripe’s payment page. No card fee is added.",
  payByCard: "Pay by card",
  depositButton: (amount) => `Approve and pay the ${amount} part deposit`,
  callToPayDeposit: (phone) => `Call ${phone} to pay the part deposit.`,
  payTechnician: (phone) => `Pay your technician by cash, check or card, or call ${phone}.`,
  paymentMethod: { card: "by card", cash: "by cash", check: "by check" },
  warrantyVisitHeading: "Your warranty visit",
  noCharge: "No charge.",
  comeBack: (visit) =>
    visit ? `We come back ${visit} for the same problem` : "We come back for the same problem",
  guaranteedUntil: (ends) => `: your repair is guaranteed until ${ends}.`,
  anotherRepair: "Need another repair?",
  warrantyEnded: (ends) => `Your warranty ended on ${ends}.`,
  bookNewRepair: "Book a new repair",
  sameProblem: "Same problem again?",
  warrantyOffer: {
    until: "Your repair is guaranteed until ",
    comesBack: ". If the same problem comes back, we come back at ",
    noCharge: "no charge",
    rest: ": tell us what went wrong and choose a window for your free warranty visit.",
  },
  warrantyLegend: "Choose a window for the warranty visit",
  bookWarranty: "Book a free warranty visit",
  callbackProblem: callbackFormWords.problem,
  callbackProblemHint: callbackFormWords.problemHint,
  callbackPhoto: callbackFormWords.photo,
  callbackPhotoHint: callbackFormWords.photoHint,
  callbackTold: callbackFormWords.told,
  yourEstimate: "Your estimate",
  written: (at) => `Written ${at}`,
  estimateNote:
    "Approve the estimate to go ahead with the repair, or decline it. Type your name to answer.",
  yourName: "Your name",
  approveEstimate: "Approve estimate",
  declineEstimate: "Decline",
  columns: englishEstimateColumns,
  servicePaid: "Service call: paid",
  paid: "Paid",
  warranty: (terms) => `Warranty: ${terms}`,
  viewReceipt: "View and print the receipt",
  receipt: "Receipt",
  estimate: "Estimate",
  earlierReceipt: (date) => `Earlier receipt, ${date}`,
  print: "Print",
  printHint: "To print this receipt, use your browser's Print command.",
  payTitle: "Pay by Card",
  payByCardTitle: "Pay by card",
  payFromPage: "Pay by card from your request’s page.",
  backToRequest: "Back to your request",
  receiptTitle: "Your Receipt",
  receiptDescription: "The receipt for your appliance repair, with its warranty.",
  payDescription: "Pay for your appliance repair by card.",
  howDid: (technician) => `How did ${technician} do?`,
  reviewLegend: reviewWords.legend,
  stars: reviewWords.starLabel,
  starsOutOfFive: (stars) => `${reviewWords.starLabel(stars)} out of 5`,
  reviewWordsLabel: reviewWords.wordsLabel,
  reviewPermission: reviewWords.permission,
  reviewSubmit: reviewWords.submit,
  reviewThanks: reviewWords.thanks,
  youGave: (stars) => `You gave ${stars}.`,
  googleNote: reviewWords.googleNote,
  google: reviewWords.google,
};

const spanish: RequestPageWords = {
  title: "Su solicitud de reparación",
  description: "Siga, cambie o cancele la visita para reparar su electrodoméstico.",
  heading: "Su solicitud de reparación",
  cancelled: "Cancelada",
  cancelledNote: "Esta visita no se realizará. ¿Todavía necesita la reparación?",
  bookNewVisit: "Reservar una nueva visita",
  repairOf: (appliance) => `Reparación de ${appliance.toLowerCase()}`,
  reference: "Referencia",
  visit: "Visita",
  visits: "Visitas",
  visitState: {
    requested: "solicitada",
    confirmed: "confirmada",
    done: "realizada",
    cancelled: "cancelada",
    "waiting-for-part": "en espera de una pieza",
  },
  weWillCall: "Le llamaremos para elegir una hora.",
  address: "Dirección",
  serviceCall: "Cargo por visita",
  office: "Oficina",
  status: "Estado",
  notYet: "(todavía no)",
  received: "Solicitud recibida",
  confirmed: "Visita confirmada",
  confirmedFor: (visit) => `Visita confirmada: ${visit}`,
  completed: "Reparación terminada",
  yourTechnician: "Su técnico",
  onTheWay: (technician) => `${technician} va en camino`,
  // "a eso de la 1:15 p. m.", "a eso de las 10:40 a. m.".
  onTheWayAbout: (technician, about) =>
    `${technician} va en camino y llegará a eso de ${/^1:/.test(about) ? "la" : "las"} ${about}`,
  arrived: (technician) => `${technician} ya llegó`,
  done: (technician, at) =>
    `Completado: ${technician} terminó la reparación${at ? ` (${at})` : ""}.`,
  needsPart: (technician, part) =>
    `En espera de una pieza: ${technician} encontró que la reparación necesita ${part ? `esta pieza: ${part}` : "una pieza"}. Cuando llegue, reservaremos su visita de regreso y le enviaremos la hora.`,
  cantFix: (technician) =>
    `${technician} no pudo terminar la reparación en esta visita. La oficina le llamará para decirle cómo seguir.`,
  cantFixChange: (phone) =>
    `El técnico no pudo terminar la reparación y la oficina le llamará para decirle cómo seguir. Para cambiar algo, llame al ${phone}.`,
  visitLabel: (number) =>
    number === 1 ? "Primera visita" : number === 2 ? "Visita de regreso" : `Visita ${number}`,
  warrantyVisit: "Visita de garantía",
  warrantyVisitNoCharge: "Visita de garantía (sin cargo)",
  outcome: {
    done: "realizada",
    "needs-part": "necesitó una pieza",
    "cant-fix": "no se pudo reparar",
  },
  cancelAsk: "¿Cancelar esta visita?",
  cancelAskNote:
    "La oficina dejará libre ese horario para otro cliente. Siempre puede reservar una nueva visita.",
  cancelYes: "Sí, cancelar la visita",
  cancelKeep: "Mantener mi visita",
  startsSoon: "Su visita empieza pronto. Para cambiarla o cancelarla, llame al",
  changeHeading: "Cambiar su visita",
  moveButton: "Cambiar mi visita",
  cancelButton: "Cancelar esta visita",
  moveLegend: "Cambiar a otro horario disponible",
  yourVisitNow: "Su visita ahora:",
  markedYourVisit: "(marcada “Su visita”).",
  yourVisit: "Su visita",
  noOtherWindow:
    "No hay otro horario disponible en las próximas tres semanas. Llámenos para buscar una hora.",
  moreDays: "Más días",
  yourPhotos: "Sus fotos",
  photosHeading: "Fotos para el técnico",
  photosNote: (stored, max) =>
    `Una foto del código de error, de la placa del modelo o del problema nos ayuda a traer la pieza correcta. ${stored} de ${max} agregadas.`,
  addPhotosLabel: (left) =>
    `Agregue hasta ${left} foto${left === 1 ? "" : "s"} (JPEG, PNG o WebP, de 10 MB cada una)`,
  addPhotos: "Agregar fotos",
  photoAlt: (index, count) => `Foto ${index} de ${count}`,
  texts: "Mensajes de texto",
  textsOn: (phone) =>
    `Le enviamos mensajes de texto al ${phone} sobre esta reparación: la cita, el recordatorio y cuando el técnico va en camino.`,
  textsOff: (phone) => `Los mensajes de texto al ${phone} están desactivados para esta reparación.`,
  turnTextsOff: "Desactivar los mensajes",
  turnTextsOn: "Activar los mensajes",
  didCancel: "Su visita está cancelada. Ya le avisamos a la oficina.",
  didMove: (visit) =>
    `Su visita se cambió ${visit ? `al ${visit}` : "al nuevo horario"}. La oficina la confirmará.`,
  didTextsOff: "Los mensajes de texto están desactivados. Seguirá recibiendo correos.",
  didTextsOn: "Los mensajes de texto están activados de nuevo.",
  didWarranty: (visit) =>
    `Su visita de garantía gratis está reservada para ${visit ? `el ${visit}` : "el horario que eligió"}. Sin cargo.`,
  didApprove: "Gracias: el presupuesto está aprobado. Su técnico ya lo ve.",
  didDecline: "El presupuesto está rechazado. Su técnico ya lo ve.",
  didPhotos: (added) =>
    `Gracias: ${added} foto${added === 1 ? " agregada" : "s agregadas"} para el técnico.`,
  balance: (due) => `Saldo ${due}`,
  partDeposit: (due) => `Depósito de la pieza ${due}`,
  partDepositPaidHeading: "Depósito de la pieza pagado",
  depositPaid: (amount, method, when) =>
    `Depósito de la pieza pagado: ${amount} ${method} el ${when}`,
  orderingPart: "Estamos pidiendo su pieza; el depósito se descuenta de su cuenta final.",
  confirming:
    "Gracias: Stripe está confirmando su pago. Esta página se actualiza sola en un momento.",
  partNote: (price) =>
    `Su reparación necesita una pieza${price ? ` que cuesta ${price}` : ""}. La pedimos cuando se pague este depósito, y el depósito se descuenta de su cuenta final. `,
  payNote:
    "Pague con tarjeta de forma segura en la página de pago de Stripe. Sin cargo por tarjeta.",
  payByCard: "Pagar con tarjeta",
  depositButton: (amount) => `Aprobar y pagar el depósito de ${amount} por la pieza`,
  callToPayDeposit: (phone) => `Llame al ${phone} para pagar el depósito de la pieza.`,
  payTechnician: (phone) =>
    `Pague a su técnico en efectivo, con cheque o con tarjeta, o llame al ${phone}.`,
  // "pagado con tarjeta", "pagado en efectivo", "pagado con cheque".
  paymentMethod: { card: "con tarjeta", cash: "en efectivo", check: "con cheque" },
  warrantyVisitHeading: "Su visita de garantía",
  noCharge: "Sin cargo.",
  comeBack: (visit) =>
    visit ? `Regresamos el ${visit} por el mismo problema` : "Regresamos por el mismo problema",
  guaranteedUntil: (ends) => `: su reparación tiene garantía hasta el ${ends}.`,
  anotherRepair: "¿Necesita otra reparación?",
  warrantyEnded: (ends) => `Su garantía terminó el ${ends}.`,
  bookNewRepair: "Reservar una nueva reparación",
  sameProblem: "¿Volvió el mismo problema?",
  warrantyOffer: {
    until: "Su reparación tiene garantía hasta el ",
    comesBack: ". Si vuelve el mismo problema, regresamos ",
    noCharge: "sin cargo",
    rest: ": díganos qué pasó y elija un horario para su visita de garantía gratis.",
  },
  warrantyLegend: "Elija un horario para la visita de garantía",
  // Short enough for a 320 px phone (a button does not wrap).
  bookWarranty: "Reservar visita de garantía",
  callbackProblem: "¿Qué pasó esta vez?",
  callbackProblemHint:
    "Qué hace el electrodoméstico ahora y cualquier código de error que muestre.",
  callbackPhoto: "Una foto (opcional)",
  callbackPhotoHint: "JPEG, PNG o WebP, hasta 10 MB: el código de error, la fuga, la pieza.",
  callbackTold: "Lo que nos dijo",
  yourEstimate: "Su presupuesto",
  written: (at) => `Hecho el ${at}`,
  estimateNote:
    "Apruebe el presupuesto para seguir con la reparación, o rechácelo. Escriba su nombre para responder.",
  yourName: "Su nombre",
  approveEstimate: "Aprobar el presupuesto",
  declineEstimate: "Rechazar",
  columns: { kind: "Tipo", description: "Descripción", amount: "Importe", total: "Total" },
  servicePaid: "Cargo por visita: pagado",
  paid: "Pagado",
  warranty: (terms) => `Garantía: ${terms}`,
  viewReceipt: "Ver e imprimir el recibo",
  receipt: "Recibo",
  estimate: "Presupuesto",
  earlierReceipt: (date) => `Recibo anterior, ${date}`,
  print: "Imprimir",
  printHint: "Para imprimir este recibo, use la opción Imprimir de su navegador.",
  payTitle: "Pagar con tarjeta",
  payByCardTitle: "Pagar con tarjeta",
  payFromPage: "Pague con tarjeta desde la página de su solicitud.",
  backToRequest: "Volver a su solicitud",
  receiptTitle: "Su recibo",
  receiptDescription: "El recibo de la reparación de su electrodoméstico, con su garantía.",
  payDescription: "Pague con tarjeta la reparación de su electrodoméstico.",
  howDid: (technician) => `¿Qué tal lo hizo ${technician}?`,
  reviewLegend: "Su calificación",
  stars: (stars) => `${stars} estrella${stars === 1 ? "" : "s"}`,
  starsOutOfFive: (stars) => `${stars} de 5 estrellas`,
  reviewWordsLabel: "¿Algo que quiera contarnos? (opcional)",
  reviewPermission: "Pueden publicar mi reseña en su sitio web con mi nombre de pila y mi ciudad.",
  reviewSubmit: "Enviar mi reseña",
  reviewThanks: "Gracias por su reseña.",
  youGave: (stars) => `Nos dio ${stars}.`,
  googleNote:
    "También puede contarles a otros sobre nosotros en Google, piense lo que piense de la reparación.",
  google: "Déjenos una reseña en Google",
};

export const requestPageWords: Record<Locale, RequestPageWords> = { en: english, es: spanish };
