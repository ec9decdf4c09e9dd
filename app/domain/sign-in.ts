import { z } from "zod";

/** One answer for an unknown email, a wrong password and a disabled account. */
export const signInFailedMessage = "Email or password is incorrect";

export const signInSchema = z.object({
  email: z.string().trim().min(1, "Enter your email").max(254, signInFailedMessage),
  password: z.string().min(1, "Enter your password").max(128, signInFailedMessage),
});
