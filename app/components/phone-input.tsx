import type { UseFormRegisterReturn } from "react-hook-form";

import { Input } from "~/components/ui/input";
import { formatUsPhone, phoneMaxLength } from "~/lib/form-rules";

/** Formats digits as "(555) 555-5555" while typing; at most 14 characters. */
export function PhoneInput({
  registration,
  ...props
}: { registration: UseFormRegisterReturn } & Omit<
  React.ComponentProps<typeof Input>,
  keyof UseFormRegisterReturn
>) {
  return (
    <Input
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder="(555) 555-5555"
      maxLength={phoneMaxLength}
      {...props}
      {...registration}
      onChange={(event) => {
        event.target.value = formatUsPhone(event.target.value);
        void registration.onChange(event);
      }}
    />
  );
}
