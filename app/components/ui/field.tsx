import { cloneElement, isValidElement, useId } from "react";

import { cn } from "~/lib/utils";

interface ControlProps {
  id?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
  "aria-required"?: boolean;
}

export interface FieldProps {
  label: React.ReactNode;
  /** The message shown in red under the field, tied to it for screen readers. */
  error?: string;
  hint?: React.ReactNode;
  /** Shows an asterisk; whether a value is required is the schema's business. */
  markedRequired?: boolean;
  className?: string;
  /** The control; or a function given the wiring, for controls that don't take it as props. */
  children:
    | React.ReactElement<ControlProps>
    | ((control: Required<Pick<ControlProps, "id">> & ControlProps) => React.ReactNode);
}

/** Owns a field's label, id, description and error wiring (the shadcn/Epic Stack "Field"). */
export function Field({ label, error, hint, markedRequired, className, children }: FieldProps) {
  const generatedId = useId();
  const id = (typeof children === "function" ? undefined : children.props.id) ?? generatedId;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ");
  const wiring = {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy || undefined,
  };
  const control =
    typeof children === "function"
      ? children(wiring)
      : isValidElement(children)
        ? cloneElement(children, wiring)
        : children;
  return (
    <div data-slot="field" className={cn("grid gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-semibold text-slate-900">
        {label}
        {markedRequired ? (
          <span className="text-red-700" aria-hidden="true">
            {" "}
            *
          </span>
        ) : null}
      </label>
      {hint ? (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {control}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
