import { brandName, companyDomain, formatPhone, profileForState } from "../company";
import type { PolicySection } from "../policy";

const privacyEmail = `privacy@${companyDomain}`;
const mailingOffice = profileForState("texas");

/**
 * The privacy policy in Spanish: the same promises, section for section, as app/content/policy.ts
 * (a change there is a change here).
 */
export const spanishPolicySections: readonly PolicySection[] = [
  {
    heading: "Sobre esta política",
    paragraphs: [
      `${brandName} ("nosotros") repara electrodomésticos en Virginia, Nueva Jersey, Texas, Carolina del Norte, Florida y Massachusetts. Esta política de privacidad explica qué información personal recopilamos a través de ${companyDomain}, por teléfono y por correo electrónico, cómo la usamos y qué opciones tiene usted.`,
      "Al usar este sitio web o pedirnos un servicio, usted acepta las prácticas que se describen aquí. Si tiene preguntas, la última sección de esta política explica cómo comunicarse con nosotros.",
    ],
  },
  {
    heading: "Información que recopilamos",
    paragraphs: [
      "Recopilamos solo la información que usted decide darnos, más un poco de información técnica necesaria para que funcione el sitio web:",
    ],
    list: [
      "Datos de contacto: su nombre, número de teléfono y correo electrónico, cuando pide un servicio, nos envía un mensaje o nos llama.",
      "El contenido de sus consultas y solicitudes de servicio, como el asunto y el texto de un mensaje o la descripción de la falla de su electrodoméstico.",
      "Datos de la cita: la dirección del servicio y el código postal, la fecha y el horario que prefiere, y los datos del electrodoméstico, como el tipo, la marca, el modelo y el número de serie.",
      "Suscripciones al boletín: el correo electrónico con el que se suscribe.",
      "De dónde llegó: cuando llega desde uno de nuestros anuncios o desde el enlace de otro sitio web, qué campaña o sitio lo envió (vea Publicidad y cookies, más abajo).",
      "Ubicación aproximada: cuando nos visita, el sitio busca su ciudad y estado aproximados a partir de su dirección IP para mostrarle la oficina que atiende su zona. La búsqueda se hace en nuestro servidor y solo para esa visita: no se guarda nada en su navegador y no es una cookie.",
    ],
  },
  {
    heading: "Cómo usamos su información",
    paragraphs: ["Usamos la información que recopilamos para:"],
    list: [
      "Programar, hacer y dar seguimiento a las reparaciones, incluido el trabajo en garantía.",
      "Responder a sus mensajes, preguntas y solicitudes de servicio.",
      "Enviarle nuestro boletín, pero solo si se suscribió. Cada correo del boletín incluye un enlace para cancelar la suscripción, y puede salirse de la lista cuando quiera.",
      "Enviarle mensajes del servicio, como confirmaciones de cita, recordatorios y facturas, que son parte del servicio que pidió.",
      "Medir qué tan bien funciona nuestra publicidad y mejorar nuestro sitio web y nuestro servicio.",
      "Guardar los registros que exigen la contabilidad, los impuestos y la ley, y protegernos contra el fraude o el mal uso.",
    ],
  },
  {
    heading: "Publicidad y cookies",
    paragraphs: [
      "Usamos un servicio de publicidad, Google Ads, para mostrar nuestros anuncios y medir cuántas personas llegan a nuestro sitio desde ellos y se comunican con nosotros. Google procesa la información sobre su interacción con sus anuncios según su propia política de privacidad, y usted puede decidir cómo Google personaliza los anuncios en la configuración de anuncios de su cuenta de Google.",
      "Nuestro sitio web no usa cookies para seguirlo en otros sitios, para mostrarle anuncios ni para armar un perfil suyo, y no coloca cookies de terceros.",
      "Guarda una sola cookie propia, y solo cuando usted llega desde uno de nuestros anuncios o desde un enlace en otro sitio web: registra qué campaña o sitio lo envió (con el número de clic del anuncio, si lo hubo), la página a la que llegó y cuándo, para que sepamos qué publicidad nos trae clientes. Dura 90 días, ningún script puede leerla y no se coloca cuando usted entra al sitio directamente. Si después pide un servicio o nos envía un mensaje, ese registro se guarda con su solicitud o su mensaje, y se borra con ellos cuando nos pide borrar sus registros.",
      "Cuando se paga una reparación que empezó con un clic en uno de nuestros anuncios de Google, podemos informarle a Google Ads el número de ese clic, cuándo se pagó la reparación y el monto, para que Google pueda contar qué anuncios nos traen clientes. Nunca le enviamos a Google su nombre, su teléfono, su correo electrónico ni su dirección.",
    ],
  },
  {
    heading: "Con quién compartimos la información",
    paragraphs: [
      "No vendemos su información personal, y no les damos su nombre, teléfono ni correo electrónico a los anunciantes. Compartimos información solo cuando hace falta para atenderlo:",
    ],
    list: [
      "Con nuestros técnicos y el personal de la oficina, que necesitan sus datos para programar y hacer su reparación.",
      "Con proveedores que nos ayudan a operar el negocio, como el alojamiento del sitio web, el envío de correos y la búsqueda de ubicación, que solo pueden usar la información para prestarnos sus servicios.",
      "Con el fabricante de un electrodoméstico o su administrador de garantías, cuando usted nos pide atender una reparación cubierta por la garantía del fabricante.",
      "Cuando la ley lo exige, o para proteger los derechos, la propiedad o la seguridad de nuestros clientes, nuestro personal u otras personas.",
      "Con un comprador o sucesor si nuestro negocio se vende o se fusiona, en cuyo caso esta política seguirá aplicándose a su información.",
    ],
  },
  {
    heading: "Cuánto tiempo guardamos la información",
    paragraphs: [
      "Guardamos los registros de las visitas de servicio mientras los necesitemos para cumplir la garantía de nuestras reparaciones y los requisitos de impuestos y contabilidad. Los mensajes y solicitudes que no terminan en una visita se borran cuando ya no se necesitan, y a más tardar dos años después de nuestro último contacto con usted.",
      "Si cancela su suscripción al boletín, dejamos de enviarlo de inmediato y guardamos su correo electrónico solo en una lista de exclusión, para que no lo vuelvan a agregar por error.",
      "Los correos que le enviamos (confirmaciones, respuestas) se guardan completos durante 30 días después de enviarse, por si hay que reenviar alguno; después guardamos solo la fecha, el asunto y la dirección a la que se envió.",
      "Las fotos que agrega a una solicitud en su página privada se copian sin su ubicación, los datos de la cámara ni otros detalles ocultos, solo las ven el personal de la oficina y los técnicos, y se guardan con la solicitud; se borran con ella, o cuando nos pide borrar sus registros.",
    ],
  },
  {
    heading: "Cómo protegemos la información",
    paragraphs: [
      "Nuestro sitio web funciona con una conexión cifrada (HTTPS), y el acceso a los registros de clientes está limitado al personal que lo necesita para hacer su trabajo. Ningún método de transmisión o almacenamiento es totalmente seguro, pero usamos medidas administrativas, técnicas y físicas razonables para proteger su información. Por favor, no envíe números de tarjeta de pago por correo electrónico ni en los formularios de nuestro sitio.",
    ],
  },
  {
    heading: "Privacidad de los niños",
    paragraphs: [
      "Nuestro sitio web y nuestros servicios están pensados para adultos. No recopilamos a sabiendas información personal de menores de 13 años. Si cree que un niño nos dio información personal, comuníquese con nosotros y la borraremos.",
    ],
  },
  {
    heading: "Sus derechos de privacidad",
    paragraphs: [
      "Los residentes de estados con leyes de privacidad del consumidor, como Virginia, Texas y Nueva Jersey, tienen derechos sobre su información personal. Atendemos estas solicitudes de todos nuestros clientes, vivan donde vivan:",
    ],
    list: [
      "Acceso: preguntar si tenemos información personal suya y recibir una copia.",
      "Corrección: pedirnos que corrijamos información que no es exacta.",
      "Eliminación: pedirnos que borremos su información personal, salvo lo que la ley nos obliga a guardar.",
      "Exclusión: no vendemos información personal ni la usamos para publicidad dirigida o para crear perfiles, pero de todos modos puede pedirnos que no lo hagamos.",
      "Apelación: si rechazamos su solicitud, puede apelar nuestra decisión respondiendo a nuestra respuesta; si no queda conforme con el resultado, puede comunicarse con el fiscal general de su estado.",
    ],
    closing:
      "Para hacer una solicitud, llame o escriba a la oficina más cercana. Una vez que confirmamos que la solicitud viene de usted, le enviamos una copia de todos los registros que tenemos sobre usted (solicitudes de servicio, mensajes, suscripción al boletín y los correos que le enviamos), o borramos esos registros: se eliminan su nombre, sus datos de contacto, las descripciones y las fotos, se cancelan los correos aún no enviados, y solo queda un registro anónimo de que existió una solicitud, para nuestras cuentas. Respondemos en un plazo de 45 días.",
  },
  {
    heading: "Cambios a esta política",
    paragraphs: [
      "Podemos actualizar esta política de privacidad de vez en cuando. Cuando lo hagamos, publicaremos la nueva versión en esta página y cambiaremos la fecha de vigencia de arriba. Si hacemos un cambio importante en la forma en que usamos la información personal, lo anunciaremos en nuestro sitio antes de que el cambio entre en vigor.",
    ],
  },
  {
    heading: "Comuníquese con nosotros",
    paragraphs: [
      `Para hacer una solicitud de privacidad o una pregunta sobre esta política, escríbanos a ${privacyEmail} o por correo postal a ${mailingOffice.name}, Attn: Privacy, ${mailingOffice.address}. También puede llamar al ${formatPhone(mailingOffice.phone)}, de lunes a sábado, de 8 a. m. a 6 p. m., hora del ${mailingOffice.timeZoneLabel === "Central" ? "Centro" : "Este"}.`,
      "Respondemos a las solicitudes de privacidad en un plazo de 45 días. Para proteger su información, podemos pedirle que confirme su identidad, por ejemplo verificando el número de teléfono o el correo electrónico que tenemos registrados.",
    ],
  },
];
