import { Input } from "~/components/ui/input";
import { formatUsPhone, phoneMaxLength } from "~/lib/form-rules";

/** Formats digits as "(555) 555-5555" while typing; at most 14 characters. */
export function PhoneInput({ onChange, ...props }: React.ComponentProps<typeof Input>) {
  return (
    <Input
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder="(555) 555-5555"
      maxLength={phoneMaxLength}
      {...props}
      onChange={(event) => {
        event.target.value = formatUsPhone(event.target.value);
        onChange?.(event);
      }}
    />
  );
}
