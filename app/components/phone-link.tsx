import { Phone } from "lucide-react";

import { buttonVariants, type ButtonProps } from "~/components/ui/button";
import { formatPhone } from "~/content/company";
import { useRegion } from "~/lib/use-region";

interface PhoneLinkProps extends Pick<ButtonProps, "variant" | "size" | "className"> {
  /** The button text; the number itself when omitted. */
  children?: React.ReactNode;
}

/** A tel: link to the office of the visitor's region. */
export function PhoneLink({ children, variant = "outline", size, className }: PhoneLinkProps) {
  const { profile } = useRegion();
  const number = formatPhone(profile.phone);
  return (
    <a
      href={`tel:${profile.phoneForCall}`}
      data-slot="button"
      className={buttonVariants({ variant, size, className })}
    >
      <Phone aria-hidden="true" />
      {children ?? number}
      {children ? <span className="sr-only"> {number}</span> : null}
    </a>
  );
}
