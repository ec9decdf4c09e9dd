import type { ReasonToChoose } from "../why-choose-us";

/** Home's thirteen reasons and the owner's words, in Spanish (app/content/why-choose-us.ts). */
export const spanishWhyChooseUs: readonly ReasonToChoose[] = [
  {
    title: "Servicio por lo general en 48 horas",
    text: "Sabemos que un electrodoméstico descompuesto trastorna toda la casa, así que por lo general tenemos a un técnico en su hogar dentro de las 48 horas después de su llamada.",
  },
  {
    title: "Garantía de devolución",
    text: "Si nuestra reparación no resuelve la falla que diagnosticamos y no podemos corregirla, le devolvemos lo que pagó por esa reparación.",
  },
  {
    title: "El mismo técnico de principio a fin",
    text: "El técnico que diagnostica su electrodoméstico regresa a terminar la reparación y atiende cualquier seguimiento, así que nunca tendrá que explicar el problema dos veces.",
  },
  {
    title: "Si no hay falla, no paga",
    text: "Si nuestro técnico no encuentra ninguna falla en su electrodoméstico, no paga la visita.",
  },
  {
    title: "Personal con antecedentes verificados y prueba de drogas",
    text: "Todas las personas que enviamos a su casa pasaron una verificación de antecedentes penales y una prueba de drogas.",
  },
  {
    title: "Consejos técnicos honestos",
    text: "Llámenos con su pregunta y le diremos con honestidad si vale la pena reparar, y qué puede revisar usted mismo con seguridad antes de reservar una visita.",
  },
  {
    title: "Técnicos capacitados por los fabricantes",
    text: "Nuestros técnicos están capacitados en los electrodomésticos que reparan y se mantienen al día con los modelos nuevos, las tarjetas de control y los modos de diagnóstico.",
  },
  {
    title: "Precios claros por adelantado",
    text: "Recibe un precio claro después del diagnóstico y antes de empezar cualquier trabajo. Ninguna reparación empieza sin su aprobación.",
  },
  {
    title: "Garantía de 90 días en mano de obra y 1 año en piezas",
    text: "Cada reparación tiene 90 días de garantía en la mano de obra y un año en las piezas que instalamos.",
  },
  {
    title: "Camionetas bien surtidas, más reparaciones en la primera visita",
    text: "Nuestras camionetas llevan las piezas que fallan más seguido, desde fusibles térmicos y encendedores hasta bombas de desagüe e interruptores de puerta, así que muchas reparaciones se terminan en la primera visita.",
  },
  {
    title: "Todas las marcas principales",
    text: "Reparamos Whirlpool, GE, Samsung, LG, Bosch, KitchenAid, Sub-Zero, Thermador, Miele y muchas más, incluidos los electrodomésticos empotrados de alta gama.",
  },
  {
    title: "Citas por la tarde y los sábados",
    text: "Abrimos de lunes a sábado, de 8 a. m. a 6 p. m., con horarios de cita hasta las 6 p. m. y visitas los sábados para quienes no pueden faltar al trabajo.",
  },
  {
    title: "Con licencia y seguro",
    text: "Somos una empresa con licencia y totalmente asegurada, así que su casa y su electrodoméstico están protegidos mientras trabajamos.",
  },
];

export const spanishOwnerQuote: { quote: string; author: string; role: string } = {
  quote:
    "Fundé esta empresa porque me cansé de ver a la gente esperar una semana a un técnico que llegaba tarde y les hablaba con desprecio. Llegamos cuando decimos que vamos a llegar, le explicamos la falla con palabras sencillas y la reparamos bien. Si no lo hacemos, quiero saberlo.",
  author: "Daniel Brooks",
  role: "Fundador y dueño",
};
