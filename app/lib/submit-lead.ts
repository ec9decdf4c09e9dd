/** The outcome a form sees: a success flag, and the error when there was one. */
export interface SubmitResult {
  success: boolean;
  error?: Error;
}

export const leadEndpoints = {
  serviceRequest: "/api/send-email",
  contactMessage: "/api/send-contact-email",
  newsletter: "/api/send-subscribe-email",
} as const;

const networkRetries = 2;

function newIdempotencyKey() {
  return typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/**
 * Posts a form as JSON. Any 2xx is success; another status is a failure result ("Failed to
 * send email"). A network error is retried with the same Idempotency-Key, so the server
 * stores the lead once, and thrown when it persists: the caller shows the unexpected-error toast.
 */
export async function submitLead(endpoint: string, payload: object): Promise<SubmitResult> {
  const idempotencyKey = newIdempotencyKey();
  for (let attempt = 0; ; attempt++) {
    let response: Response;
    try {
      response = await fetch(endpoint, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Idempotency-Key": idempotencyKey },
        body: JSON.stringify(payload),
      });
    } catch (error) {
      if (attempt >= networkRetries) throw error;
      await new Promise((resolve) => setTimeout(resolve, 400 * (attempt + 1)));
      continue;
    }
    if (response.ok) return { success: true };
    return { success: false, error: new Error("Failed to send email") };
  }
}
