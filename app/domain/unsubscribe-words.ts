import type { Locale } from "~/lib/locale";

/**
 * The unsubscribe page's words (app/routes/unsubscribe.tsx), in the subscriber's language (the one
 * they subscribed in, issue 39): the link is the welcome email's, which was in that language.
 */
export const unsubscribeWords: Record<
  Locale,
  {
    title: string;
    description: string;
    done: { title: string; body: string };
    invalid: { title: string; body: string };
    already: { title: string; body: string };
    ask: { title: string; body: string; button: string };
  }
> = {
  en: {
    title: "Unsubscribe",
    description: "Stop receiving our newsletter.",
    done: {
      title: "You have been unsubscribed",
      body: "You will no longer receive our newsletter. We are sorry to see you go.",
    },
    invalid: {
      title: "This unsubscribe link is not valid",
      body: "Please use the link from the most recent newsletter email you received.",
    },
    already: {
      title: "You are already unsubscribed",
      body: "You will no longer receive our newsletter.",
    },
    ask: {
      title: "Unsubscribe from our newsletter?",
      body: "You will stop receiving appliance care tips and offers by email.",
      button: "Unsubscribe",
    },
  },
  es: {
    title: "Cancelar la suscripción",
    description: "Deje de recibir nuestro boletín.",
    done: {
      title: "Se canceló su suscripción",
      body: "Ya no recibirá nuestro boletín. Lamentamos que se vaya.",
    },
    invalid: {
      title: "Este enlace para cancelar la suscripción no es válido",
      body: "Use el enlace del correo más reciente que recibió de nuestro boletín.",
    },
    already: {
      title: "Su suscripción ya estaba cancelada",
      body: "Ya no recibirá nuestro boletín.",
    },
    ask: {
      title: "¿Cancelar su suscripción al boletín?",
      body: "Dejará de recibir por correo nuestros consejos para cuidar sus electrodomésticos y nuestras ofertas.",
      button: "Cancelar la suscripción",
    },
  },
};
