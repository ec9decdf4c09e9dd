import { ArrowLeft, Check } from "lucide-react";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";

import { Honeypot } from "~/components/honeypot";
import { PhoneInput } from "~/components/phone-input";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Input, Textarea } from "~/components/ui/input";
import { applianceTypes, type ApplianceTypeId } from "~/content/appliances";
import { brands } from "~/content/brands";
import { showLeadOutcome } from "~/features/lead-toasts";
import { isoDateIn } from "~/lib/dates";
import { lazyZodResolver } from "~/lib/lazy-resolver";
import { leadEndpoints, submitLead } from "~/lib/submit-lead";
import { useRegion } from "~/lib/use-region";
import { cn } from "~/lib/utils";

import { DateField } from "./date-field";
import type { ServiceRequestInput } from "./schema";
import { timeSlots } from "./time-slots";

const resolver = lazyZodResolver<ServiceRequestInput>(
  async () => (await import("./schema")).serviceRequestSchema,
);

const stepTitles = { 1: "Select Appliances", 2: "Contact Information" } as const;
const totalSteps = 2;

function ProgressBar({ completedSteps }: { completedSteps: number }) {
  const percent = (completedSteps / totalSteps) * 100;
  return (
    <div
      role="progressbar"
      aria-label="Booking progress"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-2 overflow-hidden rounded-full bg-slate-200"
    >
      <div
        className="h-full rounded-full bg-brand-700 transition-[width] duration-300"
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}

function ApplianceStep({
  selected,
  onPick,
  onCancel,
}: {
  selected: ApplianceTypeId | undefined;
  onPick: (id: ApplianceTypeId) => void;
  onCancel: () => void;
}) {
  return (
    <div className="grid gap-6">
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Appliances">
        {applianceTypes.map(({ id, name, description, icon: Icon }) => (
          <li key={id}>
            <button
              type="button"
              onClick={() => onPick(id)}
              aria-pressed={selected === id}
              className={cn(
                "flex h-full w-full flex-col items-center gap-2 rounded-xl border p-4 text-center transition-colors hover:border-brand-700 hover:bg-brand-50",
                selected === id ? "border-brand-700 bg-brand-50" : "border-slate-200 bg-white",
              )}
            >
              <Icon className="size-7 text-brand-700" aria-hidden="true" />
              <span className="font-semibold text-slate-900">{name}</span>
              <span className="text-xs text-slate-600">{description}</span>
            </button>
          </li>
        ))}
      </ul>
      <div className="flex justify-end">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

export function ScheduleDialog({ onClose }: { onClose: () => void }) {
  const { profile } = useRegion();
  const [step, setStep] = useState<1 | 2>(1);
  const [completedSteps, setCompletedSteps] = useState(0);
  const [selectedAppliance, setSelectedAppliance] = useState<ApplianceTypeId>();
  const [today] = useState(() => isoDateIn(new Date(), profile.timeZone));
  const {
    register,
    control,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<ServiceRequestInput>({
    resolver,
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: {
      name: "",
      email: "",
      phone: "",
      address: "",
      zipCode: "",
      preferredDate: "",
      preferredTime: "",
      brand: "",
      model: "",
      serialNumber: "",
      description: "",
      notes: "",
      website: "",
    },
  });

  const pickAppliance = (id: ApplianceTypeId) => {
    setSelectedAppliance(id);
    setValue("selectedAppliance", id);
    setCompletedSteps(1);
    setStep(2);
  };

  const back = () => {
    setStep(1);
    setCompletedSteps(0);
  };

  const onSubmit = handleSubmit(async (values) => {
    setCompletedSteps(2);
    try {
      const result = await submitLead(leadEndpoints.serviceRequest, {
        ...values,
        companyEmail: profile.email,
      });
      if (result.success) {
        showLeadOutcome("service", "success");
        onClose();
        return;
      }
      showLeadOutcome("service", "failure");
    } catch {
      showLeadOutcome("service", "exception");
    }
    setCompletedSteps(1);
  });

  const applianceName = applianceTypes.find((type) => type.id === selectedAppliance)?.name;

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent aria-describedby="schedule-description">
        <DialogHeader>
          <DialogTitle>Schedule Service</DialogTitle>
          <DialogDescription id="schedule-description">
            Step {step} of {totalSteps}: {stepTitles[step]}
          </DialogDescription>
          <div className="mt-4">
            <ProgressBar completedSteps={completedSteps} />
          </div>
        </DialogHeader>
        <div className="overflow-y-auto px-6 py-6">
          <h3 className="mb-4 text-lg font-bold text-slate-900">{stepTitles[step]}</h3>
          {step === 1 ? (
            <ApplianceStep selected={selectedAppliance} onPick={pickAppliance} onCancel={onClose} />
          ) : (
            <form
              noValidate
              onSubmit={onSubmit}
              className="relative grid gap-5"
              aria-label="Contact Information"
            >
              <p className="flex items-center gap-2 rounded-lg bg-brand-50 px-3 py-2 text-sm text-slate-800">
                <Check className="size-4 text-brand-700" aria-hidden="true" />
                Appliance: <strong>{applianceName}</strong>
              </p>
              <Field label="Full Name (required)" error={errors.name?.message}>
                <Input autoComplete="name" {...register("name")} />
              </Field>
              <div className="grid gap-5 sm:grid-cols-2">
                <Field label="Email" error={errors.email?.message}>
                  <Input type="email" autoComplete="email" {...register("email")} />
                </Field>
                <Field label="Phone" markedRequired error={errors.phone?.message}>
                  <PhoneInput {...register("phone")} />
                </Field>
              </div>
              <div className="grid gap-5 sm:grid-cols-3">
                <Field
                  label="Address"
                  markedRequired
                  error={errors.address?.message}
                  className="sm:col-span-2"
                >
                  <Input autoComplete="street-address" {...register("address")} />
                </Field>
                <Field label="Zip Code" error={errors.zipCode?.message}>
                  <Input inputMode="numeric" autoComplete="postal-code" {...register("zipCode")} />
                </Field>
              </div>
              <Field
                label="Preferred Date"
                markedRequired
                hint={`Today or later (${profile.timeZoneLabel} time).`}
                error={errors.preferredDate?.message}
              >
                {(wiring) => (
                  <Controller
                    control={control}
                    name="preferredDate"
                    render={({ field }) => (
                      <DateField
                        {...wiring}
                        value={field.value ?? ""}
                        minDate={today}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                      />
                    )}
                  />
                )}
              </Field>
              <fieldset className="grid gap-2">
                <legend className="text-sm font-semibold text-slate-900">
                  Preferred Time
                  <span className="text-red-700" aria-hidden="true">
                    {" "}
                    *
                  </span>
                </legend>
                <div className="grid gap-2 sm:grid-cols-3">
                  {timeSlots.map((slot) => (
                    <label
                      key={slot.id}
                      className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 p-3 text-sm has-checked:border-brand-700 has-checked:bg-brand-50"
                    >
                      <input
                        type="radio"
                        value={slot.id}
                        className="size-4 accent-brand-700"
                        {...register("preferredTime")}
                      />
                      <span>
                        <span className="block font-semibold text-slate-900">{slot.label}</span>
                        <span className="text-slate-700">{slot.window}</span>
                      </span>
                    </label>
                  ))}
                </div>
              </fieldset>
              <div className="grid gap-5 sm:grid-cols-3">
                <Field label="Brand" error={errors.brand?.message}>
                  <Input list="schedule-brands" {...register("brand")} />
                </Field>
                <Field label="Model" error={errors.model?.message}>
                  <Input {...register("model")} />
                </Field>
                <Field label="Serial Number" error={errors.serialNumber?.message}>
                  <Input {...register("serialNumber")} />
                </Field>
              </div>
              <datalist id="schedule-brands">
                {brands.map((brand) => (
                  <option key={brand.slug} value={brand.name} />
                ))}
              </datalist>
              <Field label="Description of the problem" error={errors.description?.message}>
                <Textarea rows={3} {...register("description")} />
              </Field>
              <Field label="Notes" error={errors.notes?.message}>
                <Textarea rows={2} placeholder="Gate code, pets, parking…" {...register("notes")} />
              </Field>
              <Honeypot {...register("website")} />
              <div className="flex flex-col-reverse justify-between gap-3 border-t border-slate-200 pt-5 sm:flex-row">
                <Button variant="outline" onClick={back} disabled={isSubmitting}>
                  <ArrowLeft aria-hidden="true" />
                  Back
                </Button>
                <Button type="submit" loading={isSubmitting}>
                  Submit Request
                </Button>
              </div>
            </form>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
