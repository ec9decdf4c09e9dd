import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";

export function ScheduleDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Schedule Service</DialogTitle>
          <DialogDescription>Book a repair visit in two short steps.</DialogDescription>
        </DialogHeader>
        <div className="px-6 py-6" data-slot="schedule-steps" />
      </DialogContent>
    </Dialog>
  );
}
