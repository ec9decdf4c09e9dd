import useEmblaCarousel from "embla-carousel-react";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useCallback, useEffect, useState } from "react";

import { ServiceCard } from "~/components/service-card";
import { Button } from "~/components/ui/button";
import { services } from "~/content/services";
import { useRegion } from "~/lib/use-region";
import { cn } from "~/lib/utils";

/** Our Services: 1/2/3/4 cards per view at 640/768/1024/1280 px, looping, no autoplay. */
export function ServicesSlider() {
  const { link } = useRegion();
  const [viewportRef, embla] = useEmblaCarousel({ loop: true, align: "start" });
  const [selected, setSelected] = useState(0);
  const [snapCount, setSnapCount] = useState(services.length);

  useEffect(() => {
    if (!embla) return;
    const sync = () => {
      setSelected(embla.selectedScrollSnap());
      setSnapCount(embla.scrollSnapList().length);
    };
    sync();
    embla.on("select", sync).on("reInit", sync);
    return () => {
      embla.off("select", sync).off("reInit", sync);
    };
  }, [embla]);

  const previous = useCallback(() => embla?.scrollPrev(), [embla]);
  const next = useCallback(() => embla?.scrollNext(), [embla]);

  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label="Services carousel"
      onKeyDown={(event) => {
        if (event.key === "ArrowLeft") previous();
        if (event.key === "ArrowRight") next();
      }}
    >
      <div ref={viewportRef} className="overflow-hidden">
        <div className="-ml-5 flex touch-pan-y">
          {services.map((service, index) => (
            <div
              key={service.slug}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${services.length}`}
              className="min-w-0 shrink-0 grow-0 basis-full pl-5 md:basis-1/2 lg:basis-1/3 xl:basis-1/4"
            >
              <ServiceCard service={service} href={link(`/services/${service.slug}`)} />
            </div>
          ))}
        </div>
      </div>
      <div className="mt-8 flex items-center justify-between gap-4">
        <div className="flex gap-2">
          {Array.from({ length: snapCount }, (_, index) => (
            <button
              key={index}
              type="button"
              onClick={() => embla?.scrollTo(index)}
              aria-label={`Go to slide ${index + 1}`}
              aria-current={index === selected ? "true" : undefined}
              className="grid size-6 place-items-center rounded-full"
            >
              <span
                className={cn(
                  "block size-2.5 rounded-full bg-slate-300 transition-all",
                  index === selected && "w-6 bg-brand-700",
                )}
              />
            </button>
          ))}
        </div>
        <div className="flex gap-2">
          <Button variant="outline" size="icon" onClick={previous} aria-label="Previous services">
            <ChevronLeft aria-hidden="true" />
          </Button>
          <Button variant="outline" size="icon" onClick={next} aria-label="Next services">
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      </div>
    </div>
  );
}
