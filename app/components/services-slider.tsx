import { ChevronLeft, ChevronRight } from "lucide-react";
import { useEffect, useRef, useState } from "react";

import { ServiceCard } from "~/components/service-card";
import { Button } from "~/components/ui/button";
import type { ServiceText } from "~/content/services";
import { useLocale } from "~/lib/use-locale";
import { useRegion } from "~/lib/use-region";
import { cn } from "~/lib/utils";
import * as m from "~/paraglide/messages/_index.js";

/**
 * Our Services: 1/2/3/4 cards per view at 640/768/1024/1280 px, no autoplay. A native
 * scroll-snap track (swipe and trackpad for free, no carousel library in the first load);
 * the arrows and the keyboard loop from the last card back to the first and the other way.
 */
export function ServicesSlider({ services }: { services: readonly ServiceText[] }) {
  const { link } = useRegion();
  const locale = useLocale();
  const trackRef = useRef<HTMLDivElement>(null);
  // The page an arrow asked for, until the scroll gets there: quick presses build on it.
  const pendingPage = useRef<number | null>(null);
  const [selected, setSelected] = useState(0);
  const [perView, setPerView] = useState(1);
  const pageCount = Math.max(1, services.length - perView + 1);

  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    const sync = () => {
      const slide = track.firstElementChild as HTMLElement | null;
      const width = slide?.offsetWidth || track.clientWidth;
      setPerView(Math.max(1, Math.round(track.clientWidth / width)));
      setSelected(Math.round(track.scrollLeft / width));
    };
    sync();
    // Read the position once scrolling settles: mid-animation positions would fight the arrows.
    // A pause in scroll events is not the end of an arrow's scroll (a busy phone skips frames):
    // the page an arrow asked for holds until the track gets there or the visitor scrolls.
    let settle: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      clearTimeout(settle);
      settle = setTimeout(() => {
        const slide = track.firstElementChild as HTMLElement | null;
        const width = slide?.offsetWidth || track.clientWidth;
        const asked = pendingPage.current;
        if (asked !== null && Math.round(track.scrollLeft / width) !== asked) return;
        pendingPage.current = null;
        sync();
      }, 120);
    };
    const visitorScrolls = () => {
      pendingPage.current = null;
    };
    track.addEventListener("scroll", onScroll, { passive: true });
    track.addEventListener("pointerdown", visitorScrolls, { passive: true });
    track.addEventListener("wheel", visitorScrolls, { passive: true });
    window.addEventListener("resize", sync);
    return () => {
      clearTimeout(settle);
      track.removeEventListener("scroll", onScroll);
      track.removeEventListener("pointerdown", visitorScrolls);
      track.removeEventListener("wheel", visitorScrolls);
      window.removeEventListener("resize", sync);
    };
  }, []);

  const scrollToPage = (page: number) => {
    const track = trackRef.current;
    const slide = track?.firstElementChild as HTMLElement | null;
    if (!track || !slide) return;
    const target = (page + pageCount) % pageCount;
    pendingPage.current = target;
    const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    track.scrollTo({
      left: target * slide.offsetWidth,
      behavior: reduceMotion ? "auto" : "smooth",
    });
    setSelected(target);
  };
  const previous = () => scrollToPage((pendingPage.current ?? selected) - 1);
  const next = () => scrollToPage((pendingPage.current ?? selected) + 1);

  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label={m.slider_label({}, { locale })}
      onKeyDown={(event) => {
        if (event.key === "ArrowLeft") previous();
        if (event.key === "ArrowRight") next();
      }}
    >
      {/* Positioned, so the cards' screen-reader text is clipped with them and never widens the page. */}
      <div
        ref={trackRef}
        className="relative -ml-5 flex snap-x snap-mandatory [scrollbar-width:none] overflow-x-auto overscroll-x-contain [&::-webkit-scrollbar]:hidden"
      >
        {services.map((service, index) => (
          <div
            key={service.slug}
            role="group"
            aria-roledescription="slide"
            aria-label={m.slider_slide({ number: index + 1, count: services.length }, { locale })}
            className="min-w-0 shrink-0 grow-0 basis-full snap-start pl-5 md:basis-1/2 lg:basis-1/3 xl:basis-1/4"
          >
            <ServiceCard service={service} href={link(`/services/${service.slug}`)} />
          </div>
        ))}
      </div>
      <div className="mt-8 flex items-center justify-between gap-4">
        <div className="flex gap-2">
          {Array.from({ length: pageCount }, (_, index) => (
            <button
              key={index}
              type="button"
              onClick={() => scrollToPage(index)}
              aria-label={m.slider_go_to({ number: index + 1 }, { locale })}
              aria-current={index === selected ? "true" : undefined}
              className="grid size-6 place-items-center rounded-full"
            >
              <span
                className={cn(
                  "block h-2.5 rounded-full transition-all",
                  index === selected ? "w-6 bg-brand-700" : "w-2.5 bg-slate-300",
                )}
              />
            </button>
          ))}
        </div>
        <div className="flex gap-2">
          <Button
            variant="outline"
            size="icon"
            onClick={previous}
            aria-label={m.slider_previous({}, { locale })}
          >
            <ChevronLeft aria-hidden="true" />
          </Button>
          <Button
            variant="outline"
            size="icon"
            onClick={next}
            aria-label={m.slider_next({}, { locale })}
          >
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      </div>
    </div>
  );
}
