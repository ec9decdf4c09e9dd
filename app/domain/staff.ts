import { z } from "zod";

import { stateSlugs } from "~/content/states";

/** A staff password: the `staff` command, invitations and resets share it. */
export const staffPasswordSchema = z
  .string()
  .min(12, "Use at least 12 characters")
  .max(128, "Use at most 128 characters");

const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email("Enter a valid email address").max(254, "Enter a valid email address"));

export const staffAccessSchema = z
  .object({
    role: z.enum(["owner", "dispatcher", "technician"], { error: "Choose a role" }),
    offices: z.array(z.enum(stateSlugs)).default([]),
  })
  .refine((access) => access.role !== "dispatcher" || access.offices.length > 0, {
    path: ["offices"],
    message: "Give a dispatcher at least one office",
  })
  .refine((access) => access.role !== "technician" || access.offices.length > 0, {
    path: ["offices"],
    message: "Give a technician at least one office",
  });

export const invitationSchema = z
  .object({
    email: emailSchema,
    name: z.string().trim().min(1, "Enter their name").max(100, "Use at most 100 characters"),
  })
  .and(staffAccessSchema);

export const newPasswordSchema = z
  .object({ password: staffPasswordSchema, repeat: z.string() })
  .refine((form) => form.password === form.repeat, {
    path: ["repeat"],
    message: "The two passwords differ",
  });

export const passwordChangeSchema = z
  .object({
    currentPassword: z.string().min(1, "Enter your current password").max(128),
    password: staffPasswordSchema,
    repeat: z.string(),
  })
  .refine((form) => form.password === form.repeat, {
    path: ["repeat"],
    message: "The two passwords differ",
  });
